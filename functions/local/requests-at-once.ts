import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * How many requests the twin's DynamoDB (dynalite, in its own thread) works on at once; the others wait, in
 * the order they came, with their bodies unread.
 *
 * Persist sends up to 32 BatchWriteItems at once (as it should to DynamoDB, where each is a network round
 * trip). dynalite would start all 32 together: each one's JSON parsed, its items type-checked into a copy and
 * waiting on LevelDB, all alive on the thread's heap at once. Every young-generation collection then copies
 * them, and promotes them to the old generation, where they die: with 32 under way the thread spent several
 * times as long collecting as with a few (measured: scavenges about 6× as long, five times as much promoted,
 * for the same requests and the same allocation). A few at once still keep dynalite busy while one waits for
 * its LevelDB write.
 *
 * Only when each request is worked on changes: every request is answered, as before, by dynalite, with the
 * same answer and the same errors; requests that came together were already worked on in no promised order,
 * and now start in the order they came. A request whose client has gone frees its place.
 */
export function limitRequestsAtOnce(server: Server, atOnce: number): void {
  const handlers = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  const waiting: Array<[IncomingMessage, ServerResponse]> = [];
  let working = 0;
  const next = () => {
    const request = waiting.shift();
    if (request) start(...request);
  };
  const start = (req: IncomingMessage, res: ServerResponse) => {
    working++;
    let done = false;
    const finished = () => {
      if (done) return;
      done = true;
      working--;
      next();
    };
    res.once('finish', finished);
    res.once('close', finished);
    for (const handler of handlers) handler.call(server, req, res);
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (working < atOnce) return start(req, res);
    const request: [IncomingMessage, ServerResponse] = [req, res];
    waiting.push(request);
    // A client gone while its request waits: it is not worked on.
    res.once('close', () => {
      const at = waiting.indexOf(request);
      if (at >= 0) waiting.splice(at, 1);
    });
  });
}
