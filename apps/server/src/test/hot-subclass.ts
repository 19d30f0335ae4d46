// Run by v8-flags.unit.test.ts under tsx with --trace-opt: a subclass constructed on a hot path, compiled as tsx
// compiles every class of ours (esbuild's keepNames redefines its `name`). WITH_FLAGS=1 imports the server's V8 flags
// first, as main.ts does.
if (process.env.WITH_FLAGS === '1') await import('../v8-flags.ts');

class Refusal extends Error {}

const refuse = (index: number) => new Refusal(String(index % 10));
let total = 0;
for (let index = 0; index < 300_000; index += 1) total += refuse(index).message.length;
console.log(`total ${total}`);

export {};
