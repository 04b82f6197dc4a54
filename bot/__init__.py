"""Discord glue, the application service, the store and the command-line front ends."""
