// A customer timing requests from a process of its own (argv: origin, seconds, paths as JSON, and optionally
// headers as JSON, e.g. a signed-in customer's cookie), so that the latency it measures is the server's and
// not the test process's, whose event loop drives the attackers.
// Prints the answers as one JSON line: {[path]: [{status, ms}]}.
import http from 'node:http';

const [origin, seconds, pathsJson, headersJson] = process.argv.slice(2);
const paths = JSON.parse(pathsJson);
const headers = headersJson ? JSON.parse(headersJson) : {};
const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: '127.0.0.1' });

function request(path) {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const outgoing = http.request(
      `${origin}${path}`,
      { agent, headers: { 'accept-encoding': 'br, gzip', ...headers } },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - startedAt }),
        );
        response.on('error', () => resolve({ status: 0, ms: performance.now() - startedAt }));
      },
    );
    outgoing.on('error', () => resolve({ status: 0, ms: performance.now() - startedAt }));
    outgoing.end();
  });
}

const answers = Object.fromEntries(paths.map((path) => [path, []]));
const until = performance.now() + Number(seconds) * 1000;
while (performance.now() < until) {
  for (const path of paths) answers[path].push(await request(path));
}
agent.destroy();
process.stdout.write(`${JSON.stringify(answers)}\n`);
