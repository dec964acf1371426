// Tests run in Node, where the shell module's own init cannot fetch its file: it is instantiated
// here from the file itself, before anything imports `@/lib/core` (whose init then finds it ready).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { initSync } from 'tingshu-wasm';

initSync({ module: readFileSync(createRequire(import.meta.url).resolve('tingshu-wasm/tingshu_wasm_bg.wasm')) });
