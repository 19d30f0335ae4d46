import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DockerfileParser, type Copy, type Instruction } from 'dockerfile-ast';
import { describe, expect, it } from 'vitest';

// The Dockerfile's lint step (decision 0178): no Docker daemon runs in CI, so what would break `docker build` or the
// image's start is checked here against the repository, with the parser VS Code's Docker extension uses.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dockerfile = DockerfileParser.parse(readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8'));
const rootPackage = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  engines: { node: string };
  workspaces: string[];
  scripts: Record<string, string>;
};

interface Stage {
  name: string | null;
  image: string;
  instructions: Instruction[];
}

/** The instructions grouped by the FROM that starts each stage. */
function stagesOf(instructions: Instruction[]): Stage[] {
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.getKeyword() === 'FROM') {
      const from = dockerfile.getFROMs().find((candidate) => candidate.getRange().start.line === instruction.getRange().start.line)!;
      stages.push({ name: from.getBuildStage(), image: from.getImage() ?? '', instructions: [] });
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

const stages = stagesOf(dockerfile.getInstructions());
const finalStage = stages.at(-1)!;
const argsOf = (instruction: Instruction) => instruction.getArguments().map((argument) => argument.getValue());
const copiesOf = (stage: Stage) => stage.instructions.filter((instruction): instruction is Copy => instruction.getKeyword() === 'COPY');
/** A COPY's sources and destination, flags left out. */
function sourcesAndDestination(copy: Copy) {
  const args = argsOf(copy).filter((arg) => !arg.startsWith('--'));
  return { sources: args.slice(0, -1), destination: args.at(-1)! };
}
const commandOf = (instruction: Instruction) => (instruction as unknown as { getJSONStrings(): Array<{ getJSONValue(): string }> }).getJSONStrings().map((value) => value.getJSONValue());

describe('Dockerfile', () => {
  it('copies from the build context only files the repository has', () => {
    for (const stage of stages) {
      for (const copy of copiesOf(stage).filter((candidate) => !candidate.getFromFlag())) {
        for (const source of sourcesAndDestination(copy).sources) expect(existsSync(path.join(repoRoot, source)), `COPY ${source}`).toBe(true);
      }
    }
  });

  it('copies from earlier stages only, and only what the build writes', () => {
    const built = ['apps/server/dist', 'apps/web/dist'];
    for (const [index, stage] of stages.entries()) {
      for (const copy of copiesOf(stage).filter((candidate) => candidate.getFromFlag())) {
        const from = copy.getFromFlag()!.getValue();
        expect(stages.slice(0, index).map((earlier) => earlier.name), `COPY --from=${from}`).toContain(from);
        for (const source of sourcesAndDestination(copy).sources) expect(built.map((dir) => `/app/${dir}`)).toContain(source);
      }
    }
    // The final image holds both builds where the server looks for them (its bundle, and ../../web/dist from it).
    const copied = copiesOf(finalStage).filter((copy) => copy.getFromFlag()).map((copy) => sourcesAndDestination(copy).destination);
    expect(copied.sort()).toEqual(built);
  });

  it('runs the server file `npm run build` writes, in JSON form so that node itself gets SIGTERM', async () => {
    const buildScript = pathToFileURL(path.join(repoRoot, 'apps/server/build.mjs')).href;
    const { serverEntry } = (await import(buildScript)) as { serverEntry: string };
    const cmds = finalStage.instructions.filter((instruction) => instruction.getKeyword() === 'CMD');
    expect(cmds).toHaveLength(1);
    expect(commandOf(cmds[0]!)).toEqual(['node', path.relative(repoRoot, serverEntry)]);
    expect(rootPackage.scripts.build).toContain('@mingle/server');
    expect(finalStage.instructions.some((instruction) => instruction.getKeyword() === 'ENTRYPOINT')).toBe(false);
  });

  it('runs the server with the allocator settings every launcher gives it (decision 0197)', async () => {
    const buildScript = pathToFileURL(path.join(repoRoot, 'apps/server/build.mjs')).href;
    const { MALLOC_TUNABLES } = (await import(buildScript)) as { MALLOC_TUNABLES: string };
    const settings = finalStage.instructions.filter((instruction) => instruction.getKeyword() === 'ENV').flatMap(argsOf);
    expect(settings).toContain(`GLIBC_TUNABLES=${MALLOC_TUNABLES}`);
  });

  it('starts every stage from a Node image that package.json engines allows', () => {
    // engines reads `^20.19.0 || ^24.11.0`: each alternative is a caret range.
    const allowed = rootPackage.engines.node.split('||').map((range) => {
      const match = /^\s*\^(\d+)\.(\d+)\.(\d+)\s*$/.exec(range);
      expect(match, `engines range ${range}: teach this test its form`).not.toBeNull();
      return { major: Number(match![1]), minor: Number(match![2]) };
    });
    for (const stage of stages) {
      const [name, tag = ''] = stage.image.split(':');
      expect(name).toBe('node');
      const version = /^(\d+)(?:\.(\d+))?/.exec(tag);
      expect(version, `FROM ${stage.image}: name a Node version in the tag`).not.toBeNull();
      const [major, minor] = [Number(version![1]), version![2] === undefined ? undefined : Number(version![2])];
      // A bare major tag follows that line's newest release, which the range's minimum is on the way to.
      const fits = allowed.some((range) => range.major === major && (minor === undefined || minor >= range.minor));
      expect(fits, `FROM ${stage.image} against engines ${rootPackage.engines.node}`).toBe(true);
      expect(tag, 'a Debian image, as the machines and CI run').toMatch(/bookworm|trixie/);
    }
  });

  it('copies every workspace manifest, the lock file and the install scripts before each npm ci', () => {
    const postinstall = /node (\S+)/.exec(rootPackage.scripts.postinstall ?? '')?.[1];
    const needed = ['package.json', 'package-lock.json', ...rootPackage.workspaces.map((workspace) => `${workspace}/package.json`), ...(postinstall ? [postinstall] : [])];
    const installing = stages.filter((stage) => stage.instructions.some((instruction) => /\bnpm ci\b/.test(instruction.getArgumentsContent() ?? '')));
    expect(installing.length).toBeGreaterThan(0);
    for (const stage of installing) {
      const install = stage.instructions.findIndex((instruction) => instruction.getKeyword() === 'RUN' && /\bnpm ci\b/.test(instruction.getArgumentsContent() ?? ''));
      const before = stage.instructions.slice(0, install).filter((instruction): instruction is Copy => instruction.getKeyword() === 'COPY' && !(instruction as Copy).getFromFlag());
      const copied = before.flatMap((copy) => sourcesAndDestination(copy).sources);
      for (const file of needed) expect(copied, `${file} before npm ci in ${stage.name ?? 'the final stage'}`).toContain(file);
    }
    // The final image installs no devDependency (esbuild, Vite, the test tools).
    const finalInstall = finalStage.instructions.find((instruction) => /\bnpm ci\b/.test(instruction.getArgumentsContent() ?? ''));
    expect(finalInstall?.getArgumentsContent()).toContain('--omit=dev');
  });

  it('ends every stage as a user other than root', () => {
    for (const stage of stages) {
      const user = stage.instructions.filter((instruction) => instruction.getKeyword() === 'USER').at(-1);
      expect(user, `${stage.name ?? 'the final stage'} ends as root`).toBeDefined();
      expect(argsOf(user!)[0]).not.toMatch(/^(root|0)(:|$)/);
    }
  });

  it('copies the scripts the image runs together with the modules they import', () => {
    const copied = copiesOf(finalStage).filter((copy) => !copy.getFromFlag()).flatMap((copy) => sourcesAndDestination(copy).sources);
    for (const script of copied.filter((source) => source.startsWith('scripts/') && source.endsWith('.mjs'))) {
      const imports = readFileSync(path.join(repoRoot, script), 'utf8').matchAll(/from '(\.\/[^']+)'/g);
      for (const [, relative] of imports) expect(copied, `${script} imports ${relative}`).toContain(path.join('scripts', relative!));
    }
  });

  it('serves the port it exposes, keeps its data in a volume and checks its health in production', () => {
    const keywords = (keyword: string) => finalStage.instructions.filter((instruction) => instruction.getKeyword() === keyword).map(argsOf);
    const env = Object.fromEntries(keywords('ENV').flat().map((pair) => pair.split('=') as [string, string]));
    expect(env.NODE_ENV).toBe('production');
    expect(keywords('EXPOSE')).toEqual([[env.PORT]]);
    expect(keywords('VOLUME')).toEqual([[env.DATA_DIR]]);
    const healthcheck = finalStage.instructions.find((instruction) => instruction.getKeyword() === 'HEALTHCHECK');
    expect(healthcheck?.getArgumentsContent()).toContain('/api/health');
  });

  // hadolint's rules worth having here: DL3007 (no `latest`), DL3015 and DL3009 (apt without recommends, lists
  // removed in the same layer), DL3025 (CMD as JSON, so that signals reach node), DL3000 (absolute WORKDIR).
  it('follows the hadolint rules that matter for this image', () => {
    for (const stage of stages) expect(stage.image).not.toMatch(/:latest$|^[^:]+$/);
    for (const instruction of dockerfile.getInstructions()) {
      const content = instruction.getArgumentsContent() ?? '';
      if (instruction.getKeyword() === 'RUN' && /apt-get install/.test(content)) {
        expect(content).toContain('--no-install-recommends');
        expect(content).toMatch(/apt-get install -y/);
        expect(content).toContain('rm -rf /var/lib/apt/lists/*');
      }
      if (instruction.getKeyword() === 'CMD') expect(content.trim().startsWith('[')).toBe(true);
      if (instruction.getKeyword() === 'WORKDIR') expect(content.startsWith('/')).toBe(true);
    }
  });
});
