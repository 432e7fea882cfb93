// Plays one whole game of Oh Hell through the engine's gRPC-web bridge, as a web page would:
// fetch() over plain HTTP/1.1 and the messages encoded with protobufjs from the .proto files,
// no gRPC library (browsers have none). Only what a browser has is used: fetch, a streamed
// response body, base64 for the text mode, headers.
//
// Environment:
//   WEB_ADDRESS   http://host:port of the bridge (python -m inferno_engine.grpc_web)
//   TABLE_ID      a table the lobby created
//   TOKENS        JSON array of access tokens, one per seat, in seat order
//   TEXT          "1": use application/grpc-web-text (base64), as some browser stacks do
// Prints one JSON line: {"moves", "version", "status", "streamed", "refused", "times"}.
'use strict';

const path = require('node:path');
const crypto = require('node:crypto');
const protobuf = require('protobufjs');

const PROTO_ROOT = path.resolve(__dirname, '..', '..', 'proto');
const root = new protobuf.Root();
root.resolvePath = (_origin, target) => path.join(PROTO_ROOT, target);
root.loadSync('inferno/engine/v1/engine.proto', { keepCase: true });
const type = (name) => root.lookupType(`inferno.engine.v1.${name}`);
const SERVICE = '/inferno.engine.v1.Engine/';

const base = process.env.WEB_ADDRESS;
const tableId = process.env.TABLE_ID;
const tokens = JSON.parse(process.env.TOKENS || '[]');
const text = process.env.TEXT === '1';
if (!base || !tableId || tokens.length === 0) {
  console.error('set WEB_ADDRESS, TABLE_ID and TOKENS');
  process.exit(2);
}

// Int64 fields (at_ms, deadlines) as Numbers: exact below 2^53, which every time in ms is.
const asObject = (T, bytes) => T.toObject(T.decode(bytes), { longs: Number, enums: String, defaults: true, oneofs: true });

function frame(bytes) {
  const out = Buffer.alloc(5 + bytes.length);
  out.writeUInt8(0, 0);
  out.writeUInt32BE(bytes.length, 1);
  Buffer.from(bytes).copy(out, 5);
  return out;
}

// Splits gRPC-web frames off the front of `buffer`; returns {frames, rest}.
function frames(buffer) {
  const found = [];
  let at = 0;
  while (buffer.length - at >= 5) {
    const flag = buffer.readUInt8(at);
    const length = buffer.readUInt32BE(at + 1);
    if (buffer.length - at - 5 < length) break;
    found.push({ trailer: (flag & 0x80) !== 0, data: buffer.subarray(at + 5, at + 5 + length) });
    at += 5 + length;
  }
  return { frames: found, rest: buffer.subarray(at) };
}

function status(trailer) {
  const fields = {};
  for (const line of trailer.toString().split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return fields;
}

class RpcError extends Error {
  constructor(fields) {
    super(decodeURIComponent(fields['grpc-message'] || ''));
    this.code = Number(fields['grpc-status']);
    this.reason = fields['inferno-reason'];
  }
}

// One call; yields each reply message (decoded), then throws RpcError if the status is not OK.
async function* call(method, requestType, replyType, request, token) {
  const body = frame(type(requestType).encode(type(requestType).fromObject(request)).finish());
  const response = await fetch(base + SERVICE + method, {
    method: 'POST',
    headers: {
      'content-type': text ? 'application/grpc-web-text' : 'application/grpc-web+proto',
      'x-grpc-web': '1',
      authorization: `Bearer ${token}`,
    },
    body: text ? body.toString('base64') : body,
  });
  if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  let buffer = Buffer.alloc(0);
  let pending = '';
  for await (const chunk of response.body) {
    if (text) {
      // base64 arrives in pieces of any length; decode whole 4-character groups only
      pending += Buffer.from(chunk).toString();
      const whole = pending.length - (pending.length % 4);
      buffer = Buffer.concat([buffer, Buffer.from(pending.slice(0, whole), 'base64')]);
      pending = pending.slice(whole);
    } else {
      buffer = Buffer.concat([buffer, Buffer.from(chunk)]);
    }
    const split = frames(buffer);
    buffer = split.rest;
    for (const f of split.frames) {
      if (f.trailer) {
        const fields = status(f.data);
        if (fields['grpc-status'] !== '0') throw new RpcError(fields);
        return;
      }
      yield asObject(type(replyType), f.data);
    }
  }
  throw new Error('the answer ended without its status');
}

async function unary(method, requestType, replyType, request, token) {
  for await (const reply of call(method, requestType, replyType, request, token)) return reply;
  throw new Error('no reply');
}

const view = (token) => unary('GetView', 'GetViewRequest', 'GetViewResponse', { table_id: tableId }, token);

async function follow(token) {
  let count = 0;
  const times = [];
  const stream = call('StreamEvents', 'StreamEventsRequest', 'EventBatch', { table_id: tableId, after_event_id: '' }, token);
  for await (const batch of stream) {
    for (const event of batch.events) {
      count += 1;
      times.push(event.at_ms);
      const dealt = event.oh_hell && event.oh_hell.hand_dealt;
      if (dealt && dealt.seat !== 0) throw new Error(`saw seat ${dealt.seat}'s cards`);
    }
  }
  return { count, times };
}

async function main() {
  const streamed = follow(tokens[0]);
  let moves = 0;
  // A refusal arrives as a gRPC status with the engine's reason, as on gRPC.
  let refused = null;
  try {
    await view('not-a-token');
  } catch (err) {
    refused = { code: err.code, reason: err.reason || null, message: err.message };
  }
  let clocks = null;
  for (;;) {
    const table = await view(tokens[0]);
    if (clocks === null) clocks = table.clocks;
    if (table.decision.seats.length === 0) break;
    const seat = table.decision.waiting_on[0];
    const mine = await view(tokens[seat]);
    try {
      const answer = await unary(
        'SubmitAction',
        'SubmitActionRequest',
        'SubmitActionResponse',
        { table_id: tableId, expected_version: mine.version, action_id: crypto.randomUUID(), action: mine.legal_actions[0] },
        tokens[seat],
      );
      if (answer.version !== mine.version + 1) throw new Error('unexpected version');
      moves += 1;
    } catch (err) {
      if (!(err instanceof RpcError) || err.code !== 10) throw err; // 10 ABORTED: look again
    }
  }
  const final = await view(tokens[0]);
  const { count, times } = await streamed;
  console.log(JSON.stringify({ moves, version: final.version, status: final.status, streamed: count, refused, times, seats: clocks.seats.length }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
