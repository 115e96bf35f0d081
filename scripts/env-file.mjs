// `npm start` and `npm run serve` read a `.env` file (.env.example lists every variable) with Node's own
// parser (util.parseEnv, the one behind `node --env-file` and process.loadEnvFile; no dependency). The
// file of the directory the command is started from: the repository's root under npm, as `node
// --env-file=.env` would read it. A variable already set in the environment wins over the file's, so a
// one-off `PORT=3001 npm start` works beside a .env. The compiled server alone (`node
// apps/server/dist/main.js`, the container) never reads one.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

/**
 * Reads `dir/.env` into `env` (process.env unless told) when there is one, leaving the variables
 * already set alone. Answers its path, the names it set and those it kept, or null without a file.
 */
export const readEnvFile = (dir = process.cwd(), env = process.env) => {
  const file = path.resolve(dir, '.env');
  if (!existsSync(file)) return null;
  const set = [];
  const kept = [];
  for (const [name, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    if (env[name] !== undefined) {
      kept.push(name);
      continue;
    }
    env[name] = value;
    set.push(name);
  }
  return { file, set, kept };
};
