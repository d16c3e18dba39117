import { ConfigError } from '../server/config';

/**
 * Runs a command-line script's `main` and sets the exit code it answers. A configuration error prints only
 * its message (it names the variable); anything else unexpected prints whole and exits 1.
 */
export function runCli(main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exitCode = 1;
    },
  );
}
