import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../connectors/content-folder/markdown.js';
import { NO_SYNONYMS } from '../../lib/fulltext/query-terms.js';
import {
  absentShare,
  MAX_ABSENT_SHARE,
  MIN_CONFIDENT_SCORE,
  passageScore,
  questionOf,
  rankPassages,
  weighTerms,
} from './passage-ranking.js';
import type { TermRarity } from './term-rarity.js';
import { htmlSections, type Passage } from './passages.js';

describe('htmlSections', () => {
  it('cuts rendered Markdown at headings and bold lead lines, keeping their ids', () => {
    const html = renderMarkdown(
      'Intro text.\n\n**Symptom**\n\nTunnels *drop*.\n\n## Fix it\n\nSet the **MTU**.\n\n**Heading** with text after',
    );
    expect(htmlSections(html)).toEqual([
      { heading: '', anchor: null, text: 'Intro text.' },
      { heading: 'Symptom', anchor: 'symptom', text: 'Tunnels drop.' },
      { heading: 'Fix it', anchor: 'fix-it', text: 'Set the MTU. Heading with text after' },
    ]);
  });

  it('takes a heading without an id (a vendor page) and drops sections without text', () => {
    expect(htmlSections('<h2>Empty</h2><h3 class="x">Steps</h3><p>one</p>')).toEqual([
      { heading: 'Steps', anchor: null, text: 'one' },
    ]);
  });
});

const passage = (fields: Partial<Passage>): Passage => ({
  source: 'zendesk',
  itemTitle: 'An article',
  heading: '',
  url: '/docs?article=a',
  text: '',
  itemRank: 0,
  order: 0,
  ...fields,
});

describe('passage scores and the confidence threshold', () => {
  // Four meaningful terms: gateway, tunnel, drop, mtu ("why does my" and "the" are words of asking).
  const question = questionOf('Why does my gateway tunnel drop the MTU?', NO_SYNONYMS);

  it('counts only the meaningful terms of a question, by stem', () => {
    expect(question.query).toBe('gateway tunnel drop mtu');
    expect(passageScore(question, passage({ text: 'Gateways drop tunnels when the MTU is wrong.' }))).toBe(1);
  });

  it('is below the threshold when a passage holds fewer than half of the terms', () => {
    const weak = passageScore(question, passage({ text: 'A gateway is a virtual machine.' }));
    expect(weak).toBe(0.25);
    expect(weak).toBeLessThan(MIN_CONFIDENT_SCORE);
    const half = passageScore(question, passage({ text: 'A gateway tunnel.' }));
    expect(half).toBeGreaterThanOrEqual(MIN_CONFIDENT_SCORE);
  });

  it('counts a term in the heading or title more than one in the text', () => {
    const inHeading = passageScore(question, passage({ heading: 'MTU', text: 'about gateways' }));
    const inText = passageScore(question, passage({ text: 'about gateways and MTU' }));
    expect(inHeading).toBeGreaterThan(inText);
  });

  it('ranks one passage per item, best first, and drops passages holding nothing', () => {
    const ranked = rankPassages(
      question,
      [
        passage({ url: '/docs?article=a#one', text: 'gateway', order: 0 }),
        passage({ url: '/docs?article=a#two', text: 'gateway tunnel mtu', order: 1 }),
        passage({ url: '/docs?article=b', text: 'gateway tunnel', itemRank: 1 }),
        passage({ url: '/docs?article=c', text: 'nothing here', itemRank: 2 }),
      ],
      3,
    );
    expect(ranked.map((ranked) => ranked.url)).toEqual(['/docs?article=a#two', '/docs?article=b']);
  });
});

describe('release numbers in a question', () => {
  const question = questionOf('How do I upgrade the controller from 7.2 to 8.1?', NO_SYNONYMS);

  it('are the latest question’s own, without a leading v', () => {
    expect(question.releases).toEqual(['7.2', '8.1']);
    expect(questionOf('and from v7.1?', NO_SYNONYMS, 'How do I upgrade to 8.1?').releases).toEqual(['7.1']);
  });

  it('must all be named by a passage, in its title, heading or text, however many other words it shares', () => {
    const general = passage({
      text: 'Upgrade the controller first, then each gateway, one release at a time.',
    });
    expect(passageScore(question, general)).toBe(0);
    const other = passage({ text: 'Upgrade the controller from 7.1 to 8.0 first.' });
    expect(passageScore(question, other)).toBe(0);
    const named = passage({
      itemTitle: 'Supported upgrade path from 7.2 to v8.1',
      text: 'Upgrade the controller.',
    });
    expect(passageScore(question, named)).toBeGreaterThanOrEqual(MIN_CONFIDENT_SCORE);
    // 8.10 is not 8.1.
    expect(passageScore(question, passage({ text: 'Upgrade the controller from 7.2 to 8.10.' }))).toBe(0);
  });
});

describe('words the help content never uses', () => {
  // 100 items; "gateway" in 50 of them, "tunnel" in 10, ..., "pod" in 3; the other words in none.
  const held = new Map([
    ['gateway', 50],
    ['name', 20],
    ['tunnel', 10],
    ['flow', 8],
    ['record', 6],
    ['kubernet', 5],
    ['pod', 3],
  ]);
  const rarity: TermRarity = { items: 100, itemsWith: (stem) => held.get(stem) ?? 0 };
  const everyday = new Set(['although', 'definitely', 'flowing']);
  const weighed = (text: string) => weighTerms(questionOf(text, NO_SYNONYMS), rarity, everyday);

  it('weigh the most when foreign, by their rarity alone when they are everyday English', () => {
    const [foreign, gateway] = weighed('quokka gateway').weights;
    const [everydayWord] = weighed('although gateway').weights;
    expect(everydayWord).toBeCloseTo(Math.log(101));
    expect(foreign).toBeCloseTo(2 * Math.log(101));
    expect(gateway).toBeLessThan(everydayWord ?? 0);
  });

  it('carry a share of the weight: half or more, and the assistant is not confident', () => {
    expect(absentShare(weighed('gateway tunnel kubernetes'), rarity)).toBe(0);
    expect(absentShare(weighed('route quokka gateway'), rarity)).toBeGreaterThanOrEqual(MAX_ABSENT_SHARE);
    // One foreign word among several of the content's rarer words is below half.
    const long = weighed('kubernetes plugins with pod names in flow records');
    expect(absentShare(long, rarity)).toBeLessThan(MAX_ABSENT_SHARE);
  });
});
