// Helper for run.sh: keeps the scenario lists honest and prints a per-scenario report.
//
//   node baseline.mjs preflight < <(conformance list --server)
//       every suite scenario must be either MUST_PASS or in expected-failures.yml,
//       no MUST_PASS scenario may be in the baseline, no baseline entry may be unknown.
//   node baseline.mjs report <results-dir>
//       reads <results-dir>/server-<scenario>-<timestamp>/checks.json (written by the
//       suite's -o option), classifies every scenario against the baseline with the
//       suite's own rule (FAILURE or WARNING = failed) and prints one line per scenario,
//       the failing checks of unexpected failures, and a closing "N passed, N failed" line.
//       Exit 1 on any unexpected failure, unexpected pass (stale baseline entry) or a
//       scenario with no result.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const here = dirname(fileURLToPath(import.meta.url));

// The scenarios Agent Commerce must pass without any fixture tool.
export const MUST_PASS = [
  'server-initialize',
  'ping',
  'tools-list',
  'logging-set-level',
  'completion-complete',
  'resources-list',
  'prompts-list',
  'dns-rebinding-protection',
];

function loadBaseline() {
  const file = process.env.EXPECTED_FAILURES || join(here, 'expected-failures.yml');
  const doc = parse(readFileSync(file, 'utf8')) ?? {};
  return new Set((doc.server ?? []).map(String));
}

function preflight() {
  const listing = readFileSync(0, 'utf8');
  const suite = [...listing.matchAll(/^\s*-\s+([a-z0-9-]+)/gm)].map((m) => m[1]);
  const baseline = loadBaseline();
  const problems = [];
  if (suite.length === 0) problems.push('could not read any scenario from `conformance list --server`');
  for (const s of MUST_PASS) {
    if (!suite.includes(s)) problems.push(`must-pass scenario '${s}' is not in this suite version`);
    if (baseline.has(s)) problems.push(`must-pass scenario '${s}' is listed in expected-failures.yml`);
  }
  for (const s of baseline) {
    if (!suite.includes(s)) problems.push(`expected-failures.yml lists '${s}', which this suite version does not have`);
  }
  for (const s of suite) {
    if (!MUST_PASS.includes(s) && !baseline.has(s)) {
      problems.push(`scenario '${s}' is neither must-pass nor in expected-failures.yml: classify it`);
    }
  }
  if (problems.length) {
    for (const p of problems) console.error(`preflight: ${p}`);
    process.exit(2);
  }
  console.log(`preflight: ${suite.length} server scenarios = ${MUST_PASS.length} must-pass + ${baseline.size} expected failures`);
}

function report(resultsDir, expectedScenarios) {
  const baseline = loadBaseline();
  const byScenario = new Map();
  for (const entry of existsSync(resultsDir) ? readdirSync(resultsDir) : []) {
    const m = entry.match(/^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/);
    const file = join(resultsDir, entry, 'checks.json');
    if (m && existsSync(file)) byScenario.set(m[1], JSON.parse(readFileSync(file, 'utf8')));
  }
  const names = expectedScenarios.length ? expectedScenarios : [...byScenario.keys()];
  let passed = 0;
  let failed = 0;
  let expectedFail = 0;
  const details = [];
  for (const name of names) {
    const checks = byScenario.get(name);
    const listed = baseline.has(name);
    const tag = MUST_PASS.includes(name) ? 'must-pass' : listed ? 'baseline ' : 'unlisted ';
    if (!checks) {
      failed++;
      console.log(`  NO RESULT        ${tag} ${name}`);
      continue;
    }
    const bad = checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING');
    const counts = `${checks.filter((c) => c.status === 'SUCCESS').length}/${checks.length} checks ok`;
    if (bad.length === 0 && !listed) {
      passed++;
      console.log(`  PASS             ${tag} ${name} (${counts})`);
    } else if (bad.length === 0 && listed) {
      failed++;
      console.log(`  UNEXPECTED PASS  ${tag} ${name} (${counts}) -> remove it from expected-failures.yml`);
    } else if (listed) {
      expectedFail++;
      const first = bad[0];
      console.log(`  expected fail    ${tag} ${name} (${first.status} ${first.id}: ${(first.errorMessage ?? first.details?.message ?? '').toString().slice(0, 100)})`);
    } else {
      failed++;
      console.log(`  UNEXPECTED FAIL  ${tag} ${name} (${counts})`);
      details.push([name, bad]);
    }
  }
  for (const [name, bad] of details) {
    console.log(`\n--- ${name}: failing checks`);
    for (const c of bad) {
      console.log(`  ${c.status} [${c.id}] ${c.description}`);
      if (c.errorMessage) console.log(`    error: ${c.errorMessage}`);
      if (c.details) console.log(`    details: ${JSON.stringify(c.details).slice(0, 600)}`);
    }
  }
  console.log(`\nexpected failures (baseline): ${expectedFail}`);
  console.log(`conformance: ${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

const [cmd, ...args] = process.argv.slice(2);
if (cmd === 'preflight') preflight();
else if (cmd === 'report') report(args[0], args.slice(1));
else {
  console.error('usage: node baseline.mjs preflight < listing | report <results-dir> [scenario...]');
  process.exit(2);
}
