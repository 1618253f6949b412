/** Stylesheets imported `with { type: 'text' }` arrive as strings, injected on demand. */
declare module '@docsearch/css/dist/style.css' {
  const css: string;
  export default css;
}
