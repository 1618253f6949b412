import { describe, expect, it } from 'vitest';
import { infimaVariablesCss, mentionedInfimaVariables } from '../../cli/bundle/infimaVariables.ts';

/** Infima's definitions of the variables a site's code reads, and of what those are made of. */
describe("Infima's variables for a site's CSS", () => {
  it('defines those mentioned and the ones their values read, light and dark, under Infima’s selectors', () => {
    const css = infimaVariablesCss(mentionedInfimaVariables('.box { border: 1px solid var(--ifm-color-emphasis-300); }'));
    expect(css).toBe(":root{--ifm-color-gray-300:#dadde1;--ifm-color-gray-700:#606770;--ifm-color-emphasis-300:var(--ifm-color-gray-300)}\nhtml[data-theme='dark']{--ifm-color-emphasis-300:var(--ifm-color-gray-700)}\n");
  });

  it('reads names from code as from CSS, and ignores names Infima does not define', () => {
    expect([...mentionedInfimaVariables("style={{ padding: 'var(--ifm-pre-padding)', x: 'var(--ifm-made-up)' }}")]).toEqual(['--ifm-pre-padding', '--ifm-made-up']);
    expect(infimaVariablesCss(['--ifm-pre-padding', '--ifm-made-up'])).toBe(':root{--ifm-pre-padding:1rem}\n');
  });

  it('adds nothing for a site that mentions none', () => {
    expect(infimaVariablesCss(mentionedInfimaVariables('.a { color: red; }'))).toBe('');
  });
});
