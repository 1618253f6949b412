import { describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { graphOf } from '../helpers/memorySite.ts';
import { renderRoute, pageDocument } from '../../cli/render/renderRoute.ts';
import { toSiteData } from '../../cli/render/siteData.ts';
import { sharedHeadTags } from '../../cli/render/siteFiles.ts';

/** Front matter Docusaurus documents for docs, blog posts and pages, as the reader's browser and crawlers get it. */

const assets = { script: '/assets/main.js', preload: [], layouts: {}, css: [] };

async function renderSite(files: Record<string, string>, overrides = {}) {
  const { graph, config, diagnostics } = await graphOf(files, overrides);
  const site = toSiteData(config, graph, 'test');
  const headTags = sharedHeadTags(site, config, graph.posts.length > 0);
  const html = (path: string) => parse(pageDocument(renderRoute(graph.byPath.get(path)!, { graph, config, site }), { site, assets, headTags }));
  return { html, diagnostics };
}

describe('keywords and image', () => {
  it('give a page its keywords meta and its own social image instead of the site one', async () => {
    const { html, diagnostics } = await renderSite(
      {
        'docs/a.md': '---\nkeywords: [payments, "crypto, fiat"]\nimage: /img/a-card.png\n---\n# A\n',
        'docs/b.md': '# B\n',
        'docs/c.md': '---\nimage: https://cdn.example/c.png\n---\n# C\n',
        'blog/2024-01-01-post.md': '---\ntitle: Post\nkeywords: [news]\nimage: /img/post.png\n---\nText.\n',
        'pages/about.md': '---\nkeywords: [team]\n---\n# About\n',
        // A generated index's link gives its page the same, from a category file or a sidebars file.
        'docs/g/_category_.yml': 'label: G\nlink:\n  type: generated-index\n  image: /img/g.png\n  keywords: [guides]\n',
        'docs/g/d.md': '# D\n',
      },
      { image: '/img/site-card.png' },
    );
    expect(diagnostics).toEqual([]);
    const head = (path: string) => {
      const doc = html(path);
      return {
        keywords: doc.querySelector('meta[name="keywords"]')?.getAttribute('content'),
        og: doc.querySelectorAll('meta[property="og:image"]').map((m) => m.getAttribute('content')),
        twitter: doc.querySelectorAll('meta[name="twitter:image"]').map((m) => m.getAttribute('content')),
      };
    };
    expect(head('/a/')).toEqual({ keywords: 'payments, crypto, fiat', og: ['https://test.example/img/a-card.png'], twitter: ['https://test.example/img/a-card.png'] });
    expect(head('/b/')).toEqual({ keywords: undefined, og: ['https://test.example/img/site-card.png'], twitter: ['https://test.example/img/site-card.png'] });
    expect(head('/c/')).toEqual({ keywords: undefined, og: ['https://cdn.example/c.png'], twitter: ['https://cdn.example/c.png'] });
    expect(head('/blog/2024/01/01/post/')).toMatchObject({ keywords: 'news', og: ['https://test.example/img/post.png'] });
    expect(head('/about/')).toMatchObject({ keywords: 'team', og: ['https://test.example/img/site-card.png'] });
    expect(head('/category/g/')).toEqual({ keywords: 'guides', og: ['https://test.example/img/g.png'], twitter: ['https://test.example/img/g.png'] });
  });
});
