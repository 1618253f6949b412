import { describe, expect, it } from 'vitest';
import { SITE_OUTPUT } from '../globalSetup.ts';
import { QUESTIONS } from './questions.ts';
import { clientForBuild, rankedPages } from './builtIndex.ts';

describe('search relevance', () => {
  it('puts the page that answers a reader question in the top 3 for at least 90 % of questions', async () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(40);
    const client = clientForBuild(SITE_OUTPUT);
    const misses: string[] = [];
    for (const { query, answers } of QUESTIONS) {
      const top = await rankedPages(client, query);
      if (!top.some((page) => answers.includes(page))) misses.push(`  "${query}": got ${top.join(', ') || 'nothing'}; expected ${answers.join(' or ')}`);
    }
    const score = (QUESTIONS.length - misses.length) / QUESTIONS.length;
    console.log(`Search relevance: ${QUESTIONS.length - misses.length}/${QUESTIONS.length} questions answered in the top 3 (${(score * 100).toFixed(1)} %)${misses.length ? `\n${misses.join('\n')}` : ''}`);
    expect(score).toBeGreaterThanOrEqual(0.9);
  });
});
