"""L'Aube des Tribus (Rise of Tribes): placeholder until the rules package lands."""
