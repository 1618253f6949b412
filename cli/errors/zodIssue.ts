import type * as z from 'zod';

/**
 * What a value must be, in words, from a zod issue: "must be one of "a", "b"", "must not
 * be empty", "must be at least 2", for messages that end with what was found. Zod's own
 * ("Too small: expected number to be >=2") reads as a stack trace's. `unionNote`: what to
 * check when a value matches none of several object shapes.
 */
export function describeIssueRule(issue: z.core.$ZodIssue, options: { unionNote?: string } = {}): string {
  const unionNote = options.unionNote ? ` (${options.unionNote})` : '';
  switch (issue.code) {
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_type':
      return `must be ${issue.expected}`;
    case 'invalid_union': {
      // A union of plain values (a folder or false): say which values, as for one type.
      const allowed = issue.errors.map((errors) => {
        const only = errors.length === 1 ? errors[0]! : undefined;
        if (!only || only.path.length > 0) return undefined;
        if (only.code === 'invalid_type') return only.expected;
        if (only.code === 'invalid_value') return only.values.map((v) => JSON.stringify(v)).join(' or ');
        return undefined;
      });
      if (allowed.length > 0 && allowed.every((a) => a !== undefined)) return `must be ${allowed.join(' or ')}`;
      return `does not match any allowed shape${unionNote}`;
    }
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) === 1 ? 'must not be empty' : `must be at least ${issue.minimum} characters long`;
      if (issue.origin === 'array') return `must list at least ${issue.minimum}`;
      return `must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters long`;
      if (issue.origin === 'array') return `must list at most ${issue.maximum}`;
      return `must be at most ${issue.maximum}`;
    default:
      return issue.message.replace(/^Invalid input: /, '').replace(/^Invalid /, 'must be a valid ');
  }
}
