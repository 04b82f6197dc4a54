// The Discord emulator of the end-to-end test: discord-digital-twin on 127.0.0.1, a
// front door with the shims discord.py needs, and a control API the test drives.
//
// discord.py talks to the front (Route.BASE); the front forwards to the twin after
// fixing what the twin (0.1.1, written for discord.js) does differently from Discord:
//   - multipart bodies (board pictures): payload_json is forwarded as JSON, the files
//     are kept here and written into the message's `attachments`;
//   - GET /oauth2/applications/@me is the twin's /applications/@me;
//   - interaction callbacks answer 204: the `with_response` JSON is built here;
//   - messages without components get `components: []`;
//   - integers of 16+ digits in request bodies (snowflakes discord.py sends as numbers)
//     are quoted before JavaScript can round them;
//   - a deferred ephemeral response stays ephemeral when it is edited into a message;
//   - direct messages (the twin has none): POST /users/@me/channels opens a DM channel
//     per user here, and the messages posted to it are kept here (GET /control/dms).
// The gateway is the twin's own (discord.py's DEFAULT_GATEWAY points at it).
//
// Control API (JSON, same port): GET /control/info, /control/messages?channel=ID,
// /control/threads?channel=ID, /control/dms?user=ID, /control/interaction?id=ID, /control/failures,
// /control/attachment/ID; POST /control/slash, /control/autocomplete, /control/button,
// /control/select, /control/say, and /control/hold + /control/drop (posts and edits of
// messages in one channel are kept unanswered, then dropped: a crash between storing
// and posting),
// GET /control/ratelimits and POST /control/ratelimit ({limit, window_ms}). One JSON
// line on stdout once listening.
//
// Discord's per-channel limit on new messages is enforced as Discord does: at most
// `limit` POSTs to a channel's messages within `window_ms` (default 5 in 5 s); beyond,
// 429 with `retry_after` (seconds) and `global: false`, with the X-RateLimit-* headers
// (and on every accepted post, so that a client may wait before it is refused).
// Every socket is bound to 127.0.0.1.

import http from 'node:http'
import { DigitalDiscord } from 'discord-digital-twin'

const HOST = '127.0.0.1'
const GUILD_TEXT = 0
const EPHEMERAL = 64
const INTERACTION = { command: 2, component: 3, autocomplete: 4 }
const COMPONENT = { button: 2, select: 3 }

const discord = new DigitalDiscord({
  guild: { name: 'Campfire test server' },
  channels: [{ name: 'games', type: GUILD_TEXT }],
  users: [{ username: 'alice' }, { username: 'bob' }, { username: 'carol' }],
  botUser: { username: 'Campfire' },
  botToken: 'e2e-token',
})
await discord.start()
const twinBase = `http://${HOST}:${discord.port}`

const users = {}
for (const user of await discord.prisma.user.findMany({ where: { bot: false } })) {
  users[user.username] = user.id
}
const channelId = (await discord.prisma.channel.findMany())[0].id

const files = new Map() // attachment id -> { filename, contentType, bytes }
const allowedMentions = new Map() // message id -> allowed_mentions sent with it
const ephemeralTokens = new Set() // interaction tokens answered "thinking, ephemeral"
const failures = [] // twin answers >= 500, and front errors
const held = { channel: null, requests: [] } // posts to a channel kept unanswered
const answers = new Map() // interaction id -> ids of the messages its token posted or edited
let nextAttachment = 1
const dmChannels = new Map() // DM channel id -> user id
const dms = new Map() // user id -> the direct messages the bot sent them
let nextDm = 1
let writing = 0 // requests of the bot that change something, under way
const rateLimit = { limit: 5, windowMs: 5000, hits: 0, posts: 0 } // per channel, like Discord
const recentPosts = new Map() // channel id -> times (ms) of its accepted posts in the window

function channelBucket(channel, now) {
  // the channel's posts still inside the window, oldest first
  const kept = (recentPosts.get(channel) ?? []).filter((at) => now - at < rateLimit.windowMs)
  recentPosts.set(channel, kept)
  return kept
}

function rateHeaders(channel, kept, now) {
  const resetAfter = kept.length ? (kept[0] + rateLimit.windowMs - now) / 1000 : 0
  return {
    'x-ratelimit-limit': String(rateLimit.limit),
    'x-ratelimit-remaining': String(Math.max(0, rateLimit.limit - kept.length)),
    'x-ratelimit-reset-after': resetAfter.toFixed(3),
    'x-ratelimit-bucket': `messages-${channel}`,
  }
}

async function settled() {
  // a message is read whole: never between its creation and its attachments, and never
  // while an earlier id may still be committing (the test reads "after" an id)
  for (let waited = 0; writing > 0 && waited < 5000; waited += 5) {
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

function quoteBigIntegers(text) {
  return text.replace(/([:[,]\s*)(-?\d{16,})(?=\s*[,\]}])/g, '$1"$2"')
}

async function readBody(req) {
  const chunks = []
  for await (const chunk of req) chunks.push(chunk)
  return Buffer.concat(chunks)
}

function send(res, status, value) {
  const text = JSON.stringify(value)
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(text)
}

function isMessage(value) {
  return value && typeof value === 'object' && 'channel_id' in value && 'author' in value
}

function fixMessage(message) {
  if (!('components' in message)) message.components = []
  return message
}

async function twin(method, path, body) {
  const response = await fetch(twinBase + path, {
    method,
    headers: {
      authorization: `Bot ${discord.botToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body,
  })
  const text = await response.text()
  return { status: response.status, text, headers: response.headers }
}

async function attach(messageId, kept) {
  if (!messageId || kept.length === 0) return null
  const message = await discord.prisma.message.findUnique({ where: { id: messageId } })
  if (!message) return null
  const attachments = kept.map((file) => {
    const id = String(nextAttachment++)
    files.set(id, file)
    const url = `http://${HOST}:${front.address().port}/control/attachment/${id}`
    return {
      id,
      filename: file.filename,
      description: file.description,
      size: file.bytes.length,
      content_type: file.contentType,
      url,
      proxy_url: url,
    }
  })
  await discord.prisma.message.update({
    where: { id: messageId },
    data: { attachments: JSON.stringify(attachments) },
  })
  return attachments
}

async function callbackResponse(interactionId, query) {
  const row = await discord.prisma.interactionResponse.findUnique({ where: { interactionId } })
  const data = row?.data ? JSON.parse(row.data) : {}
  const ephemeral = Boolean((data.flags ?? 0) & EPHEMERAL)
  if (!query.has('with_response')) return null
  const answer = {
    interaction: {
      id: interactionId,
      type: 2,
      response_message_loading: row?.type === 5,
      response_message_ephemeral: ephemeral,
      ...(row?.messageId ? { response_message_id: row.messageId } : {}),
    },
    resource: { type: row?.type ?? 1 },
  }
  if (row?.messageId && (row.type === 4 || row.type === 7)) {
    const got = await twin('GET', `/api/v10/channels/${row.channelId}/messages/${row.messageId}`)
    if (got.status === 200) answer.resource.message = fixMessage(JSON.parse(got.text))
  }
  return answer
}

async function api(req, res, url) {
  const appInfo = url.pathname === '/api/v10/oauth2/applications/@me'
  const path = appInfo ? '/api/v10/applications/@me' : url.pathname
  const raw = await readBody(req)
  const type = req.headers['content-type'] ?? ''
  let payload
  const kept = []
  if (type.startsWith('multipart/form-data')) {
    const form = await new Response(raw, { headers: { 'content-type': type } }).formData()
    payload = JSON.parse(quoteBigIntegers(String(form.get('payload_json') ?? '{}')))
    // an attachment's description (alt text) comes in payload_json, by the file's index
    const described = new Map((payload.attachments ?? []).map((a) => [String(a.id), a.description]))
    for (const [name, value] of form.entries()) {
      if (name === 'payload_json' || typeof value === 'string') continue
      const index = /^files\[(\d+)\]$/.exec(name)?.[1]
      kept.push({
        filename: value.name,
        contentType: value.type || 'application/octet-stream',
        bytes: Buffer.from(await value.arrayBuffer()),
        description: described.get(index) ?? null,
      })
    }
    if (payload.attachments) delete payload.attachments
  } else if (raw.length > 0) {
    payload = JSON.parse(quoteBigIntegers(raw.toString('utf8')))
  }

  if (req.method === 'POST' && path === '/api/v10/users/@me/channels') {
    return openDm(res, String(payload?.recipient_id ?? ''))
  }
  const dmPost = req.method === 'POST' && path.match(/^\/api\/v10\/channels\/(\d+)\/messages$/)
  if (dmPost && dmChannels.has(dmPost[1])) return postDm(res, dmPost[1], payload ?? {})

  const heldPath = held.channel && `/api/v10/channels/${held.channel}/messages`
  const isHeld =
    heldPath &&
    ((req.method === 'POST' && path === heldPath) ||
      (req.method === 'PATCH' && path.startsWith(`${heldPath}/`)))
  if (isHeld) {
    held.requests.push(res) // never forwarded: the bot is killed while it waits
    return
  }
  const posting = req.method === 'POST' && path.match(/^\/api\/v10\/channels\/(\d+)\/messages$/)
  let limitHeaders = null
  if (posting && rateLimit.limit > 0) {
    const now = Date.now()
    const kept = channelBucket(posting[1], now)
    if (kept.length >= rateLimit.limit) {
      rateLimit.hits += 1
      const retryAfter = (kept[0] + rateLimit.windowMs - now) / 1000
      res.writeHead(429, {
        'content-type': 'application/json',
        via: '1.1 google', // what Discord's front sends (a 429 without it is a ban)
        'retry-after': String(Math.ceil(retryAfter)),
        'x-ratelimit-scope': 'user',
        ...rateHeaders(posting[1], kept, now),
      })
      return res.end(
        JSON.stringify({
          message: 'You are being rate limited.',
          retry_after: Number(retryAfter.toFixed(3)),
          global: false,
        }),
      )
    }
    kept.push(now)
    rateLimit.posts += 1
    limitHeaders = rateHeaders(posting[1], kept, now)
  }
  const callback = path.match(/^\/api\/v10\/interactions\/(\d+)\/([^/]+)\/callback$/)
  const original = path.match(/^\/api\/v10\/webhooks\/\d+\/([^/]+)\/messages\/(%40|@)original$/)
  if (callback && payload?.type === 5 && (payload.data?.flags ?? 0) & EPHEMERAL) {
    ephemeralTokens.add(decodeURIComponent(callback[2]))
  }
  if (original && req.method === 'PATCH' && ephemeralTokens.has(decodeURIComponent(original[1]))) {
    payload.flags = (payload.flags ?? 0) | EPHEMERAL
  }

  const body = payload === undefined ? undefined : JSON.stringify(payload)
  const got = await twin(req.method, path + url.search, body)
  const token = path.match(/^\/api\/v10\/webhooks\/\d+\/test-interaction-token-(\d+)/)
  if (got.status >= 500) {
    failures.push({ method: req.method, path, status: got.status, body: got.text.slice(0, 500) })
  }
  if (callback && got.status === 204) {
    const row = await discord.prisma.interactionResponse.findUnique({
      where: { interactionId: callback[1] },
    })
    await attach(row?.messageId, kept)
    const answer = await callbackResponse(callback[1], url.searchParams)
    if (answer) return send(res, 200, answer)
    res.writeHead(204)
    return res.end()
  }
  let value = null
  try {
    value = got.text ? JSON.parse(got.text) : null
  } catch {
    value = null
  }
  if (appInfo && value) {
    // discord.py reads the owner: the first user of the server stands in
    const owner = await twin('GET', `/api/v10/users/${Object.values(users)[0]}`)
    value.owner = JSON.parse(owner.text)
  }
  if (isMessage(value)) {
    const attachments = await attach(value.id, kept)
    if (attachments) value.attachments = attachments
    if (payload?.allowed_mentions) allowedMentions.set(value.id, payload.allowed_mentions)
    if (token && got.status < 300) {
      const posted = answers.get(token[1]) ?? []
      if (!posted.includes(value.id)) posted.push(value.id)
      answers.set(token[1], posted)
    }
    fixMessage(value)
  } else if (Array.isArray(value)) {
    value.forEach((item) => isMessage(item) && fixMessage(item))
  }
  if (value === null) {
    res.writeHead(got.status, { 'content-type': got.headers.get('content-type') ?? 'text/plain' })
    return res.end(got.text)
  }
  const headers = { 'content-type': 'application/json' }
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset-after']) {
    const header = got.headers.get(name)
    if (header) headers[name] = header
  }
  if (limitHeaders) Object.assign(headers, limitHeaders)
  res.writeHead(got.status, headers)
  res.end(JSON.stringify(value))
}

async function userPayload(id) {
  const got = await twin('GET', `/api/v10/users/${id}`)
  return JSON.parse(got.text)
}

async function openDm(res, recipient) {
  // one DM channel per user, made here (the twin has no direct messages)
  let id = [...dmChannels].find(([, user]) => user === recipient)?.[0]
  if (!id) {
    id = String(9000000000000000000n + BigInt(nextDm++))
    dmChannels.set(id, recipient)
  }
  return send(res, 200, {
    id,
    type: 1,
    recipients: [await userPayload(recipient)],
    last_message_id: null,
  })
}

async function postDm(res, channel, payload) {
  const user = dmChannels.get(channel)
  const message = {
    id: String(9100000000000000000n + BigInt(nextDm++)),
    channel_id: channel,
    author: await userPayload(discord.botUserId),
    content: payload.content ?? '',
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: [],
    embeds: payload.embeds ?? [],
    components: [],
    pinned: false,
    type: 0,
    flags: 0,
  }
  dms.set(user, [...(dms.get(user) ?? []), { ...message, allowed_mentions: payload.allowed_mentions ?? null }])
  return send(res, 200, message)
}

function stored(row) {
  // a message as the test reads it (author id, flags, and what the bot asked to ping)
  return {
    id: row.id,
    channel_id: row.channelId,
    author_id: row.authorId,
    content: row.content,
    flags: row.flags,
    edited_timestamp: row.editedTimestamp ? row.editedTimestamp.toISOString() : null,
    embeds: JSON.parse(row.embeds),
    components: JSON.parse(row.components),
    attachments: JSON.parse(row.attachments),
    allowed_mentions: allowedMentions.get(row.id) ?? null,
  }
}

function subcommand(name, options, focused) {
  const inner = Object.entries(options ?? {}).map(([key, value]) => ({
    name: key,
    type: typeof value === 'number' ? 4 : 3,
    value,
    ...(key === focused ? { focused: true } : {}),
  }))
  // "tournament open": a subcommand of a nested group (type 2)
  const [group, sub] = name.split(' ')
  if (sub) return [{ name: group, type: 2, options: [{ name: sub, type: 1, options: inner }] }]
  return [{ name, type: 1, options: inner }]
}

async function control(req, res, url) {
  const route = url.pathname.slice('/control/'.length)
  const query = url.searchParams
  if (req.method === 'GET') {
    if (route === 'dms') return send(res, 200, dms.get(query.get('user')) ?? [])
    if (route === 'info') {
      return send(res, 200, {
        guild: discord.guildId,
        channel: channelId,
        bot: discord.botUserId,
        users,
      })
    }
    if (route === 'messages') {
      await settled()
      // only those after `after` (a message id), when given: long games poll often
      const after = BigInt(query.get('after') ?? '0')
      const rows = await discord.prisma.message.findMany({
        where: { channelId: query.get('channel') },
        orderBy: [{ timestamp: 'asc' }, { id: 'asc' }],
      })
      return send(res, 200, rows.filter((row) => BigInt(row.id) > after).map(stored))
    }
    if (route === 'threads') {
      return send(res, 200, await discord.channel(query.get('channel')).getThreads())
    }
    if (route === 'interaction') {
      const row = await discord.prisma.interactionResponse.findUnique({
        where: { interactionId: query.get('id') },
      })
      const load = async (id) => {
        const message = await discord.prisma.message.findUnique({ where: { id } })
        return message ? stored(message) : null
      }
      const posted = []
      for (const id of answers.get(query.get('id')) ?? []) {
        const message = await load(id)
        if (message) posted.push(message)
      }
      return send(res, 200, {
        acknowledged: Boolean(row?.acknowledged),
        type: row?.type ?? null,
        data: row?.data ? JSON.parse(row.data) : null,
        message: row?.messageId ? await load(row.messageId) : null,
        posted,
      })
    }
    if (route === 'failures') return send(res, 200, failures)
    if (route === 'held') return send(res, 200, { count: held.requests.length })
    if (route === 'ratelimits') {
      return send(res, 200, {
        limit: rateLimit.limit,
        window_ms: rateLimit.windowMs,
        hits: rateLimit.hits,
        posts: rateLimit.posts,
      })
    }
    if (route === 'commands') {
      const commands = await discord.prisma.applicationCommand.findMany()
      return send(res, 200, commands.map((command) => ({
        name: command.name,
        guild: command.guildId,
        options: JSON.parse(command.options ?? '[]'),
      })))
    }
    if (route.startsWith('attachment/')) {
      const file = files.get(route.slice('attachment/'.length))
      if (!file) return send(res, 404, { message: 'no such attachment' })
      res.writeHead(200, { 'content-type': file.contentType })
      return res.end(file.bytes)
    }
  }
  if (req.method === 'POST') {
    const body = JSON.parse((await readBody(req)).toString('utf8'))
    const common = { channelId: body.channel, userId: body.user }
    let started
    if (route === 'slash') {
      started = await discord.simulateSlashCommand({
        ...common,
        name: 'campfire',
        options: subcommand(body.command, body.options),
      })
    } else if (route === 'autocomplete') {
      const command = await discord.prisma.applicationCommand.findFirst({
        where: { name: 'campfire' },
      })
      started = await discord.simulateInteraction({
        ...common,
        type: INTERACTION.autocomplete,
        data: {
          id: command?.id,
          name: 'campfire',
          type: 1,
          options: subcommand(body.command, body.options, body.focused),
        },
      })
    } else if (route === 'button') {
      started = await discord.simulateInteraction({
        ...common,
        type: INTERACTION.component,
        messageId: body.message,
        data: { custom_id: body.custom_id, component_type: COMPONENT.button },
      })
    } else if (route === 'select') {
      started = await discord.simulateInteraction({
        ...common,
        type: INTERACTION.component,
        messageId: body.message,
        data: { custom_id: body.custom_id, component_type: COMPONENT.select, values: body.values },
      })
    } else if (route === 'hold') {
      held.channel = body.channel
      return send(res, 200, { holding: held.channel })
    } else if (route === 'ratelimit') {
      rateLimit.limit = Number(body.limit ?? rateLimit.limit)
      rateLimit.windowMs = Number(body.window_ms ?? rateLimit.windowMs)
      return send(res, 200, { limit: rateLimit.limit, window_ms: rateLimit.windowMs })
    } else if (route === 'drop') {
      const dropped = held.requests.length
      held.requests.splice(0).forEach((pending) => pending.destroy())
      held.channel = null
      return send(res, 200, { dropped })
    } else if (route === 'say') {
      const message = await discord.simulateUserMessage({ ...common, content: body.content })
      return send(res, 200, { id: message.id })
    }
    if (started) return send(res, 200, { id: started.id })
  }
  return send(res, 404, { message: `no control route ${req.method} ${route}` })
}

const front = http.createServer((req, res) => {
  const url = new URL(req.url, `http://${HOST}`)
  const isControl = url.pathname.startsWith('/control/')
  const writes = !isControl && req.method !== 'GET'
  if (writes) writing += 1
  const handler = isControl ? control : api
  handler(req, res, url)
    .finally(() => {
      if (writes) writing -= 1
    })
    .catch((error) => {
      failures.push({ method: req.method, path: url.pathname, status: 0, body: String(error) })
      if (!res.headersSent) send(res, 500, { code: 0, message: String(error) })
    })
})
front.listen(0, HOST, () => {
  const port = front.address().port
  process.stdout.write(
    `${JSON.stringify({
      rest: `http://${HOST}:${port}/api`,
      gateway: discord.gatewayUrl,
      control: `http://${HOST}:${port}/control`,
      token: discord.botToken,
    })}\n`,
  )
})

async function stop() {
  front.close()
  await discord.stop()
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
process.stdin.on('end', stop) // the test ended (or died): do not outlive it
process.stdin.resume()
