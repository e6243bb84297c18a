import { type TranslationKeys, ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * zxcvbn with its dictionaries (half a megabyte of the server's bundle), and zxcvbn's list of the
 * ~49,000 most common passwords, gathered from leaked password dumps; shipped in the package, so
 * nothing is looked up over the network. password-rules.ts loads this module at the first password it
 * judges, so the server's start does without it (decision 040).
 */
export function passwordEstimator(siteWords: string[], translations: TranslationKeys) {
  return {
    estimator: new ZxcvbnFactory({
      dictionary: { ...dictionary, site: siteWords },
      graphs: adjacencyGraphs,
      translations,
    }),
    common: new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase())),
  };
}
