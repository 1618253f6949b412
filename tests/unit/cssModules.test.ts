import { describe, expect, it } from 'vitest';
import { scopeCssModule } from '../../cli/bundle/cssModules.ts';

describe('scopeCssModule', () => {
  it('renames the classes of selectors only, the same way for the same file, differently for another', () => {
    const css = '/* .comment */\n.card, .card > .title:hover { margin: .5em; background: url(a.png); content: ".x" }\n@media (min-width: 10.5em) { .card { padding: 0 } }\n:global(.navbar) .card {}\n:local(.title) a[href$=".pdf"] {}\n@keyframes spin { 12.5% { opacity: 0 } }\n';
    const { css: out, classes } = scopeCssModule(css, 'src/components/Card.module.css');
    const suffix = classes.card!.slice('card_'.length);
    expect(suffix).toMatch(/^\w{5}$/);
    expect(classes).toEqual({ card: `card_${suffix}`, title: `title_${suffix}` });
    expect(out).toBe(
      `/* .comment */\n.card_${suffix}, .card_${suffix} > .title_${suffix}:hover { margin: .5em; background: url(a.png); content: ".x" }\n@media (min-width: 10.5em) { .card_${suffix} { padding: 0 } }\n.navbar .card_${suffix} {}\n.title_${suffix} a[href$=".pdf"] {}\n@keyframes spin { 12.5% { opacity: 0 } }\n`,
    );
    expect(scopeCssModule(css, 'src/components/Card.module.css').classes).toEqual(classes);
    expect(scopeCssModule(css, 'src/pages/Card.module.css').classes.card).not.toBe(classes.card);
  });
});
