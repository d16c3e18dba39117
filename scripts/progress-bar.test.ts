import { describe, expect, it } from 'vitest';
import { progressBar } from './progress-bar';

describe('progressBar', () => {
  it('fills in proportion to what is done, with the total in megabytes', () => {
    const mb = 1024 * 1024;
    expect(progressBar(0, 4 * mb)).toBe(`[${'░'.repeat(24)}]   0 % of 4.0 MB`);
    expect(progressBar(mb, 4 * mb)).toBe(`[${'█'.repeat(6)}${'░'.repeat(18)}]  25 % of 4.0 MB`);
    expect(progressBar(4 * mb, 4 * mb)).toBe(`[${'█'.repeat(24)}] 100 % of 4.0 MB`);
  });

  it('stays full past the total, and says what was read when there is no total', () => {
    expect(progressBar(10, 5)).toMatch(/^\[█{24}\] 100 % /);
    expect(progressBar(3 * 1024 * 1024, null)).toBe('3.0 MB read');
    expect(progressBar(5, 0)).toBe('0.0 MB read');
  });
});
