import type { ComponentType } from 'react';
import { heading } from './Heading.tsx';
import { Admonition, AdmonitionTitle } from './Admonition.tsx';
import { Details } from './Details.tsx';
import { Tabs, TabItem } from './Tabs.tsx';
import { CodeBlock } from './CodeBlock.tsx';
import { TOCInline } from './TOCInline.tsx';
import { DocCardList } from './DocCardList.tsx';
import { Link } from './Link.tsx';
import { ThemedImage } from './ThemedImage.tsx';
import { Mermaid } from './Mermaid.tsx';
import { IdealImage } from './IdealImage.tsx';

/**
 * The classic theme's content components, by the name content uses: HTML element names
 * for Markdown (`h2`, `details`) and the component names Docusaurus authors import in MDX
 * (`@theme/Tabs`, `@theme/Admonition`…). A site adds or replaces entries by name.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const classicComponents: Record<string, ComponentType<any>> = {
  h2: heading('h2'),
  h3: heading('h3'),
  h4: heading('h4'),
  h5: heading('h5'),
  h6: heading('h6'),
  details: Details,
  Details,
  Admonition,
  mdxAdmonitionTitle: AdmonitionTitle,
  Tabs,
  TabItem,
  CodeBlock,
  TOCInline,
  DocCardList,
  Link,
  ThemedImage,
  Mermaid,
  IdealImage,
};
