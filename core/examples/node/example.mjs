// Calling the rules from JavaScript through the npm package `make core-package` builds, as
// core/README.md shows. Run from a project that installed the tarball: `node example.mjs`.
import { formatDuration, isPremium, validateRegistration } from 'tingshu-core';

console.log(formatDuration({ seconds: 3661 }));
const checked = validateRegistration({
  email: 'reader@example.com',
  username: 'reader',
  password: 'short',
  lang: 'en',
});
console.log(checked.kind, checked.errors[0].field);
console.log(isPremium({ user: null, nowMs: Date.now() }));
