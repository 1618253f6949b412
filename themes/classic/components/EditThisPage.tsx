/** "Edit this page", under a doc or a blog post (the class names are Docusaurus's, for sites' CSS). */
export function EditThisPage({ href, className }: { href: string; className: string }) {
  return (
    <p className={`${className} theme-edit-this-page`}>
      <a href={href} target="_blank" rel="noopener noreferrer">
        Edit this page
      </a>
    </p>
  );
}
