import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';

/**
 * The demo content: Markdown files with YAML front matter, one per article (demo/articles) and per
 * prospect profile (demo/profiles), and the authors in demo/contributors.yaml. Files are read in
 * name order; the numeric prefix sets the order, which breaks ties between items of the same day.
 * The folder sits beside this module in the sources and beside the bundle in dist/server.
 */
export const DEMO_DIR = join(import.meta.dirname, 'demo');

const contributorSchema = z.strictObject({
  name: z.string().min(1),
  email: z.email(),
  twitter: z.string(),
});
export type DemoContributor = z.infer<typeof contributorSchema>;

// Fields every item has. The author is a contributor's name from contributors.yaml; the date is
// daysAgo days before seeding; hidden items are seeded invisible.
const itemShape = {
  author: z.string().min(1),
  daysAgo: z.number().int().min(0),
  image: z
    .string()
    .regex(/^\/images\/[^/]+$/, 'Use a site image such as /images/x.svg.')
    .optional(),
  hidden: z.boolean().optional(),
  description: z.string().min(1),
};

const articleSchema = z.strictObject({
  title: z.string().min(1).max(200),
  tags: z.array(z.string().min(1).max(50)).min(1),
  ...itemShape,
});

const profileSchema = z.strictObject({
  name: z.string().min(1).max(120),
  position: z.enum(['QB', 'RB', 'WR', 'TE']),
  school: z.string().min(1),
  year: z.number().int().min(1900).max(2100),
  height: z.string().regex(/^\d'\d{1,2}"$/, `Write the height as 6'1".`),
  weight: z.string().regex(/^\d{3}$/, 'Write the weight in pounds, as text: "198".'),
  ...itemShape,
});

/** An article or profile as its file says: the front matter and the Markdown body. */
export type DemoArticle = z.infer<typeof articleSchema> & { body: string };
export type DemoProfile = z.infer<typeof profileSchema> & { body: string };

export interface DemoContent {
  contributors: DemoContributor[];
  articles: DemoArticle[];
  profiles: DemoProfile[];
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/;

function checked<T>(schema: z.ZodType<T>, data: unknown, file: string): T {
  const result = schema.safeParse(data);
  if (!result.success) throw new Error(`Demo content ${file} is invalid:\n${z.prettifyError(result.error)}`);
  return result.data;
}

function yamlOf(text: string, file: string): unknown {
  try {
    return parse(text);
  } catch (err) {
    throw new Error(`Demo content ${file} has bad YAML: ${(err as Error).message}`);
  }
}

async function markdownFiles<T extends object>(dir: string, schema: z.ZodType<T>) {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.md')).sort();
  return Promise.all(
    names.map(async (name) => {
      const file = join(dir, name);
      const match = FRONT_MATTER.exec(await readFile(file, 'utf8'));
      if (!match) throw new Error(`Demo content ${file} does not start with front matter between --- lines.`);
      const body = match[2].trim();
      if (!body) throw new Error(`Demo content ${file} has no body.`);
      return { ...checked(schema, yamlOf(match[1], file), file), body, file };
    }),
  );
}

/** Reads and checks the demo content; throws, naming the file, on anything malformed. */
export async function loadDemoContent(dir = DEMO_DIR): Promise<DemoContent> {
  const contributorsFile = join(dir, 'contributors.yaml');
  const contributors = checked(
    z.array(contributorSchema).min(1),
    yamlOf(await readFile(contributorsFile, 'utf8'), contributorsFile),
    contributorsFile,
  );
  const [articles, profiles] = await Promise.all([
    markdownFiles(join(dir, 'articles'), articleSchema),
    markdownFiles(join(dir, 'profiles'), profileSchema),
  ]);
  const names = new Set(contributors.map((c) => c.name));
  for (const item of [...articles, ...profiles])
    if (!names.has(item.author))
      throw new Error(
        `Demo content ${item.file} names author "${item.author}", who is not in ${contributorsFile}.`,
      );
  const strip = <I extends { file: string }>({ file: _, ...item }: I) => item;
  return { contributors, articles: articles.map(strip), profiles: profiles.map(strip) };
}
