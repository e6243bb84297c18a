import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDemoContent } from './demo-content.ts';

const contributors = `- name: Ann Author
  email: ann@example.com
  twitter: ann
`;
const article = `---
title: "Rookies: a first look"
description: The class at a glance.
tags: [Rookies]
author: Ann Author
daysAgo: 2
---

The **body**.
`;
const profile = `---
name: Sam Runner
position: RB
school: Iowa
year: 2027
height: 5'11"
weight: "210"
author: Ann Author
daysAgo: 1
hidden: true
description: A runner.
---

## Overview

Runs hard.
`;

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** A demo folder with one contributor, the given articles and one profile. */
function demoDir(articles: Record<string, string>, people = contributors): string {
  const dir = mkdtempSync(join(tmpdir(), 'demo-content-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'articles'));
  mkdirSync(join(dir, 'profiles'));
  writeFileSync(join(dir, 'contributors.yaml'), people);
  for (const [name, text] of Object.entries(articles)) writeFileSync(join(dir, 'articles', name), text);
  writeFileSync(join(dir, 'profiles', '01-sam-runner.md'), profile);
  return dir;
}

describe('demo content files', () => {
  it('reads front matter and body, in file name order', async () => {
    const dir = demoDir({
      '02-second.md': article.replace('Rookies: a first look', 'Second'),
      '01-first.md': article,
      'notes.txt': 'not content',
    });
    const demo = await loadDemoContent(dir);
    expect(demo.contributors).toEqual([{ name: 'Ann Author', email: 'ann@example.com', twitter: 'ann' }]);
    expect(demo.articles.map((a) => a.title)).toEqual(['Rookies: a first look', 'Second']);
    expect(demo.articles[0]).toEqual({
      title: 'Rookies: a first look',
      description: 'The class at a glance.',
      tags: ['Rookies'],
      author: 'Ann Author',
      daysAgo: 2,
      body: 'The **body**.',
    });
    expect(demo.profiles).toEqual([
      {
        name: 'Sam Runner',
        position: 'RB',
        school: 'Iowa',
        year: 2027,
        height: `5'11"`,
        weight: '210',
        author: 'Ann Author',
        daysAgo: 1,
        hidden: true,
        description: 'A runner.',
        body: '## Overview\n\nRuns hard.',
      },
    ]);
  });

  it('reads the shipped demo folder', async () => {
    const demo = await loadDemoContent();
    expect(demo.contributors).toHaveLength(4);
    expect(demo.articles).toHaveLength(24);
    expect(demo.profiles).toHaveLength(30);
  });

  it.each([
    ['an unknown key', article.replace('daysAgo: 2', 'daysago: 2'), /01-bad\.md is invalid[\s\S]*daysago/],
    [
      'a missing title',
      article.replace('title: "Rookies: a first look"\n', ''),
      /01-bad\.md is invalid[\s\S]*title/,
    ],
    ['a wrong type', article.replace('daysAgo: 2', 'daysAgo: two'), /01-bad\.md is invalid[\s\S]*daysAgo/],
    [
      'an image off the site',
      article.replace('daysAgo: 2', 'daysAgo: 2\nimage: https://x.test/a.png'),
      /image/,
    ],
    ['bad YAML', article.replace('tags: [Rookies]', 'tags: [Rookies'), /01-bad\.md has bad YAML/],
    ['no front matter', 'Just text.\n', /01-bad\.md does not start with front matter/],
    ['no body', article.replace('The **body**.', ''), /01-bad\.md has no body/],
    [
      'an unknown author',
      article.replace('author: Ann Author', 'author: Bob'),
      /01-bad\.md names author "Bob"/,
    ],
  ])('refuses a file with %s, naming it', async (_, text, message) => {
    await expect(loadDemoContent(demoDir({ '01-bad.md': text }))).rejects.toThrow(message);
  });

  it('refuses a bad contributors file', async () => {
    await expect(
      loadDemoContent(demoDir({ '01-first.md': article }, '- name: Ann Author\n  email: not-an-address\n')),
    ).rejects.toThrow(/contributors\.yaml is invalid[\s\S]*email/);
  });
});
