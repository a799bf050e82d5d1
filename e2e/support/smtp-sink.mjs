// A minimal SMTP server on loopback that stores each message it receives as JSON
// (to, subject, text) in a folder: the real protocol in, files out for the tests to read.
// Usage: node smtp-sink.mjs <port> <folder>
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';

const [port, folder] = process.argv.slice(2);
let received = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  // No DNS here: a reverse lookup of each client would stall every message.
  disableReverseLookup: true,
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      PostalMime.parse(Buffer.concat(chunks))
        .then((mail) => {
          received += 1;
          const record = { to: (mail.to ?? []).map((a) => a.address), subject: mail.subject ?? '', text: mail.text ?? '' };
          // Written aside and renamed into place: a test polling the folder never reads half a file.
          const name = join(folder, `${String(received).padStart(5, '0')}.json`);
          writeFileSync(`${name}.part`, JSON.stringify(record));
          renameSync(`${name}.part`, name);
          callback();
        })
        .catch(callback);
    });
  },
});

server.listen(Number(port), '127.0.0.1', () => console.log('smtp sink ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
