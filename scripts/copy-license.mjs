// `prepack` of every published package: ships the repository's LICENSE in the tarball.
// Plain Node (no toolchain), since `npm pack` and `npm publish` may run under any Node ≥ 20.
import { copyFileSync } from 'node:fs';

copyFileSync(new URL('../LICENSE', import.meta.url), 'LICENSE');
