import { spawn } from 'node:child_process'
import { parseArgs } from 'node:util'

// The long run of the API fuzz test (apps/server/test/app/fuzz-api.test.ts): more requests an operation and a fresh
// seed each time unless one is given, so every run explores new inputs. A failure prints the seed to replay.
const USAGE = `Usage: npm run bench:fuzz -- [options]

  --runs N    generated requests an operation (default 500; CI runs 12)
  --seed S    replay a run (default: random, printed)
`

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { runs: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  strict: true,
})
if (values.help) {
  process.stdout.write(USAGE)
  process.exit(0)
}
const runs = Number(values.runs ?? 500)
const seed = Number(values.seed ?? Math.floor(Math.random() * 2 ** 31))
if (!Number.isInteger(runs) || runs <= 0 || !Number.isInteger(seed)) {
  process.stderr.write(USAGE)
  process.exit(2)
}

process.stderr.write(`[fuzz] ${runs} requests an operation, seed ${seed}\n`)
const child = spawn('npx', ['vitest', 'run', '--project', 'server', 'test/app/fuzz-api.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: String(runs), FUZZ_SEED: String(seed), FUZZ_REPORT: '1' },
})
child.on('exit', (code) => {
  if (code !== 0)
    process.stderr.write(`[fuzz] failed; replay with: npm run bench:fuzz -- --runs ${runs} --seed ${seed}\n`)
  process.exit(code ?? 1)
})
