'use strict';
// graphql-js (Debian's node-graphql) validation time of the probe documents, for side-by-side
// comparison with `engine-benchmark --probes`. Usage: node validate-probes.js PROBE_DIR PROJECT_ROOT [RUNS]
// Prints "NAME BYTES MILLISECONDS ERRORS" lines: the best of RUNS validations (default 5; a probe
// whose first validation takes over 2 s is validated once, since some take minutes), in CPU time
// (process.cpuUsage: node is single-threaded here, and the machine may be shared).
const fs = require('fs');
const path = require('path');
const { buildSchema, parse, validate } = require('/usr/share/nodejs/graphql');
const [dir, root = '.', runsText = '5'] = process.argv.slice(2);
const schema = buildSchema(fs.readFileSync(path.join(root, 'Operations/schema.graphqls'), 'utf8'));
const only = process.env.PROBES ? new Set(process.env.PROBES.split(',')) : null;
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.graphql')).sort()) {
  const name = file.replace(/\.graphql$/, '');
  if (only && !only.has(name)) continue;
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  const doc = parse(text, { maxTokens: 15000 });
  let best = Infinity; let errors = 0;
  for (let run = 0; run < Number(runsText); run++) {
    const t0 = process.cpuUsage();
    errors = validate(schema, doc).length;
    const used = process.cpuUsage(t0);
    const ms = (used.user + used.system) / 1e3;
    best = Math.min(best, ms);
    if (ms > 2000) break;
  }
  console.log(`${name} ${Buffer.byteLength(text)} ${best.toFixed(2)} ${errors}`);
}
