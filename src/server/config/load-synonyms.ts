import { z } from 'zod';
import { loadYamlFile } from './load-config.js';

/** A synonym group: two or more spellings, each a word or a short phrase. */
const entry = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .refine((value) => /[\p{L}\p{N}]/u.test(value), 'must hold a letter or a digit');

export const synonymsFileSchema = z.object({
  groups: z.array(z.array(entry).min(2, 'a group needs two spellings at least')).max(2000),
});

/** The groups of `config/search-synonyms.yaml` (`SEARCH_SYNONYMS_FILE`), as listed. */
export type SynonymGroups = z.output<typeof synonymsFileSchema>['groups'];

export async function loadSynonyms(file: string): Promise<SynonymGroups> {
  return (await loadYamlFile(file, synonymsFileSchema)).groups;
}
