import { readFileSync } from 'node:fs';

/**
 * The instructions of a Dockerfile that decide how its image starts, read the way Docker reads them, so that
 * the start test runs what the Dockerfile says rather than a copy of it.
 */

export interface Instruction {
  /** Upper case, as Docker compares them. */
  readonly keyword: string;
  /** The rest of the line, continuation lines joined. */
  readonly args: string;
}

export interface Copy {
  /** The stage named by `--from`, or undefined for the build context. */
  readonly from: string | undefined;
  readonly sources: readonly string[];
  readonly destination: string;
}

export interface Stage {
  readonly name: string | undefined;
  readonly base: string;
  readonly instructions: readonly Instruction[];
}

export interface RuntimeStage {
  readonly base: string;
  readonly workdir: string;
  readonly env: Readonly<Record<string, string>>;
  readonly user: string | undefined;
  readonly volumes: readonly string[];
  readonly exposed: readonly number[];
  readonly copies: readonly Copy[];
  /** ENTRYPOINT then CMD, as Docker joins them; a shell form becomes `/bin/sh -c`. */
  readonly command: readonly string[];
  /** The HEALTHCHECK's command, or undefined without one. */
  readonly healthcheck: readonly string[] | undefined;
  readonly stopSignal: string | undefined;
  /** The last WORKDIR of every named stage, where a `COPY --from` of it reads relative paths from. */
  readonly stageWorkdirs: Readonly<Record<string, string>>;
}

/** Splits a file into instructions: `\` continues a line, and comment lines are dropped even inside one. */
export function instructions(text: string): Instruction[] {
  const result: Instruction[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (/^\s*#/.test(line)) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const whole = (pending + line).trim();
    pending = '';
    if (whole === '') continue;
    const match = /^(\S+)\s*(.*)$/s.exec(whole);
    if (match) result.push({ keyword: (match[1] ?? '').toUpperCase(), args: (match[2] ?? '').trim() });
  }
  if (pending.trim() !== '') throw new Error('the Dockerfile ends inside a continued line');
  return result;
}

export function stages(text: string): Stage[] {
  const result: { name: string | undefined; base: string; instructions: Instruction[] }[] = [];
  for (const instruction of instructions(text)) {
    if (instruction.keyword === 'FROM') {
      const words = instruction.args.split(/\s+/).filter((word) => !word.startsWith('--'));
      const as = words.findIndex((word) => word.toUpperCase() === 'AS');
      result.push({ name: as >= 0 ? words[as + 1] : undefined, base: words[0] ?? '', instructions: [] });
      continue;
    }
    const current = result.at(-1);
    if (!current) throw new Error(`${instruction.keyword} before the first FROM`);
    current.instructions.push(instruction);
  }
  return result;
}

/** Words of a shell-like line: double or single quotes group, as Docker's ENV and COPY read them. */
function words(args: string): string[] {
  const result: string[] = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  for (const match of args.matchAll(pattern)) {
    result.push(match[1]?.replace(/\\(.)/g, '$1') ?? match[2] ?? match[3] ?? '');
  }
  return result;
}

/** ENV's `KEY=value KEY2="value 2"` (or the old `KEY value`); `$NAME` and `${NAME}` from earlier ENV lines. */
function parseEnv(args: string, env: Record<string, string>): void {
  const expand = (value: string) =>
    value.replace(
      /\$\{(\w+)\}|\$(\w+)/g,
      (_all, braced?: string, bare?: string) => env[braced ?? bare ?? ''] ?? '',
    );
  if (!/^\w+=/.test(args)) {
    const [key = '', ...rest] = args.split(/\s+/);
    env[key] = expand(rest.join(' '));
    return;
  }
  const pairs = /(\w+)=("(?:[^"\\]|\\.)*"|'[^']*'|\S*)/g;
  for (const match of args.matchAll(pairs)) {
    const raw = match[2] ?? '';
    const unquoted = raw.startsWith('"')
      ? raw.slice(1, -1).replace(/\\(.)/g, '$1')
      : raw.startsWith("'")
        ? raw.slice(1, -1)
        : raw;
    env[match[1] ?? ''] = expand(unquoted);
  }
}

/** An exec form (`["sh", "x"]`) as it is, a shell form as `/bin/sh -c`, as Docker runs them. */
function commandForm(args: string): string[] {
  if (args.startsWith('[')) {
    const parsed: unknown = JSON.parse(args);
    if (!Array.isArray(parsed) || !parsed.every((part): part is string => typeof part === 'string')) {
      throw new Error(`not an exec form: ${args}`);
    }
    return parsed;
  }
  return ['/bin/sh', '-c', args];
}

function parseCopy(args: string): Copy {
  const parts = words(args);
  const from = parts.find((part) => part.startsWith('--from='))?.slice('--from='.length);
  const paths = parts.filter((part) => !part.startsWith('--'));
  const destination = paths.pop();
  if (destination === undefined || paths.length === 0) throw new Error(`COPY without source: ${args}`);
  return { from, sources: paths, destination };
}

function nextWorkdir(current: string, args: string): string {
  return args.startsWith('/') ? args : `${current.replace(/\/$/, '')}/${args}`;
}

function workdirOf(stage: Stage): string {
  return stage.instructions
    .filter((instruction) => instruction.keyword === 'WORKDIR')
    .reduce((current, instruction) => nextWorkdir(current, instruction.args), '/');
}

/** The last stage of the Dockerfile at `file`: what `docker run` of the built image starts. */
export function readRuntimeStage(file: string): RuntimeStage {
  const all = stages(readFileSync(file, 'utf8'));
  const last = all.at(-1);
  if (!last) throw new Error(`${file} has no FROM`);
  const stageWorkdirs: Record<string, string> = {};
  for (const stage of all) {
    if (stage.name !== undefined) stageWorkdirs[stage.name] = workdirOf(stage);
  }
  let workdir = '/';
  const env: Record<string, string> = {};
  let user: string | undefined;
  const volumes: string[] = [];
  const exposed: number[] = [];
  const copies: Copy[] = [];
  let entrypoint: string[] = [];
  let cmd: string[] = [];
  let healthcheck: string[] | undefined;
  let stopSignal: string | undefined;
  for (const { keyword, args } of last.instructions) {
    switch (keyword) {
      case 'WORKDIR':
        workdir = nextWorkdir(workdir, args);
        break;
      case 'ENV':
        parseEnv(args, env);
        break;
      case 'USER':
        user = args;
        break;
      case 'VOLUME':
        volumes.push(...(args.startsWith('[') ? (JSON.parse(args) as string[]) : args.split(/\s+/)));
        break;
      case 'EXPOSE':
        exposed.push(...args.split(/\s+/).map((port) => Number.parseInt(port, 10)));
        break;
      case 'COPY':
        copies.push(parseCopy(args));
        break;
      case 'ENTRYPOINT':
        entrypoint = commandForm(args);
        // Docker drops an inherited CMD when the ENTRYPOINT is set.
        cmd = [];
        break;
      case 'CMD':
        cmd = commandForm(args);
        break;
      case 'HEALTHCHECK': {
        const at = args.search(/(^|\s)CMD\s/);
        healthcheck =
          at < 0
            ? undefined
            : commandForm(
                args
                  .slice(at)
                  .trim()
                  .replace(/^CMD\s+/, ''),
              );
        break;
      }
      case 'STOPSIGNAL':
        stopSignal = args;
        break;
      default:
        break;
    }
  }
  return {
    base: last.base,
    workdir,
    env,
    user,
    volumes,
    exposed,
    copies,
    command: [...entrypoint, ...cmd],
    healthcheck,
    stopSignal,
    stageWorkdirs,
  };
}
