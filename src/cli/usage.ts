/**
 * Bad usage of the `kith` command, shared by its modules. A usage error exits 2 and its message names
 * the option at fault and the command's --help (main.ts adds the hint when the message lacks it); any
 * other failure (a key that matches nothing, an app that does not exist, a file that cannot be read)
 * exits 1.
 */
import { parseArgs } from 'node:util';

/** Bad usage: exit 2. */
export class UsageError extends Error {}

type ArgOptions = NonNullable<Parameters<typeof parseArgs>[0]>['options'];

/**
 * parseArgs for command `cmd`: a bad option becomes a usage error in our words (exit 2), naming the
 * option and where to read the command's help, instead of Node's parser message.
 */
export function parseCommandArgs<O extends ArgOptions>(cmd: string, args: string[], options: O, positionals = true) {
  try {
    return parseArgs({ args, options, allowPositionals: positionals, strict: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const opt = /'(-{1,2}[^' ]+)/.exec((e as Error).message)?.[1];
    let why: string;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') why = `unknown option ${opt ?? ''}`.trim();
    else if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      why = opt ? `option ${opt} needs a value` : 'an option is missing its value';
      // A value that starts with `-` (`--ttl -5`) is read as an option: say how to give it.
      const next = opt === undefined ? undefined : args[args.indexOf(opt) + 1];
      if (next !== undefined && /^-\d/.test(next)) why += ` (${next} was read as an option: write ${opt}=${next})`;
    } else if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') why = 'takes no arguments besides its options';
    else why = 'bad arguments';
    throw new UsageError(`${cmd}: ${why} (see kith ${cmd} --help)`);
  }
}

/** A usage error's message with the command's --help named, when it does not name it already. */
export function withHelpHint(message: string, cmd: string | undefined): string {
  if (/--help\b/.test(message)) return message;
  return `${message} (see kith ${cmd ? `${cmd} ` : ''}--help)`;
}
