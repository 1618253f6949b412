declare module 'virtual:site-data' {
  import type { SiteData } from './pageData.ts';
  const site: SiteData;
  export default site;
}
