// Plays one whole game of Oh Hell against the Inferno engine, every seat from this process.
//
// Written from proto/inferno/engine/v1/*.proto alone, as a mobile developer would: load the
// contract, send a bearer token with every call, look (GetView), move (SubmitAction with the
// version from the view and a fresh action id), and follow one seat's StreamEvents.
//
// Environment:
//   ENGINE_ADDRESS  host:port of an engine (default 127.0.0.1:50051)
//   TABLE_ID        a table the lobby created
//   TOKENS          JSON array of access tokens, one per seat, in seat order
// Prints one JSON line: {"moves", "version", "status", "scores", "streamed"}.
'use strict';

const path = require('node:path');
const crypto = require('node:crypto');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

const PROTO_ROOT = path.resolve(__dirname, '..', '..', 'proto');
const definition = protoLoader.loadSync('inferno/engine/v1/engine.proto', {
  includeDirs: [PROTO_ROOT],
  keepCase: true,
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
});
const v1 = grpc.loadPackageDefinition(definition).inferno.engine.v1;

const address = process.env.ENGINE_ADDRESS || '127.0.0.1:50051';
const tableId = process.env.TABLE_ID;
const tokens = JSON.parse(process.env.TOKENS || '[]');
if (!tableId || tokens.length === 0) {
  console.error('set TABLE_ID and TOKENS');
  process.exit(2);
}

const client = new v1.Engine(address, grpc.credentials.createInsecure());

function auth(token) {
  const metadata = new grpc.Metadata();
  metadata.set('authorization', `Bearer ${token}`);
  return metadata;
}

function call(method, request, token) {
  return new Promise((resolve, reject) => {
    client[method](request, auth(token), (err, reply) => (err ? reject(err) : resolve(reply)));
  });
}

// Follow seat 0's events until the table ends; resolve with how many arrived.
function follow(token) {
  return new Promise((resolve, reject) => {
    let count = 0;
    const stream = client.StreamEvents({ table_id: tableId, after_event_id: '' }, auth(token));
    stream.on('data', (batch) => {
      for (const event of batch.events) {
        count += 1;
        // A seat receives only its own dealt cards.
        const dealt = event.oh_hell && event.oh_hell.hand_dealt;
        if (dealt && dealt.seat !== 0) reject(new Error(`saw seat ${dealt.seat}'s cards`));
      }
    });
    stream.on('end', () => resolve(count));
    stream.on('error', reject);
  });
}

async function main() {
  const streamed = follow(tokens[0]);
  let moves = 0;
  for (;;) {
    const table = await call('GetView', { table_id: tableId }, tokens[0]);
    if (table.decision.seats.length === 0) break;
    const seat = table.decision.seats[0];
    const mine = await call('GetView', { table_id: tableId }, tokens[seat]);
    // The simplest strategy a client can have: the first legal action.
    const action = mine.legal_actions[0];
    try {
      const answer = await call(
        'SubmitAction',
        {
          table_id: tableId,
          expected_version: mine.version,
          action_id: crypto.randomUUID(),
          action,
        },
        tokens[seat],
      );
      if (answer.version !== mine.version + 1) throw new Error('unexpected version');
      moves += 1;
    } catch (err) {
      if (err.code !== grpc.status.ABORTED) throw err; // someone moved first: look again
    }
  }
  const final = await call('GetView', { table_id: tableId }, tokens[0]);
  console.log(
    JSON.stringify({
      moves,
      version: final.version,
      status: final.status,
      scores: final.oh_hell.seats.map((s) => s.score),
      streamed: await streamed,
    }),
  );
  client.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
