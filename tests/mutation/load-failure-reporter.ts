import type { Reporter, TestModule, Vitest } from 'vitest/node';

/**
 * Makes a test file that cannot even load, or a suite whose setup fails, count as a failure for Stryker. A
 * mutant in a module-level value (`new Intl.NumberFormat('')`, an invalid time zone, a Map built from
 * nonsense) throws while the module is imported; Vitest then reports the file with an error and no tests,
 * which the 8.7 Vitest runner reads as "no test failed" and so as a surviving mutant. A mutant that breaks a
 * suite's `beforeAll` (the services it assembles) leaves the suite's tests skipped, with the same result.
 * Handing those errors to Vitest's unhandled errors makes the runner report the mutant as a runtime error
 * instead, which the mutation score leaves out (ADR 018).
 */
export default class LoadFailureReporter implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    for (const module of testModules) {
      for (const error of module.errors()) {
        this.vitest?.state.catchError(error, `Failed to load ${module.moduleId}`);
      }
      // A suite whose setup (beforeAll) throws leaves its tests skipped, not failed: the same false survivor.
      for (const suite of module.children.allSuites()) {
        for (const error of suite.errors()) {
          this.vitest?.state.catchError(error, `Setup failed in ${module.moduleId} › ${suite.fullName}`);
        }
      }
    }
  }
}
