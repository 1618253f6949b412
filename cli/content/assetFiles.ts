/**
 * Files code and MDX import for their URL, as Docusaurus's file loaders give them:
 * images, fonts, media and documents. (An SVG is a React component there: svgComponent.ts.)
 */
export const ASSET_EXT = /\.(?:ico|jpe?g|png|gif|webp|avif|woff2?|eot|ttf|otf|mp4|avi|mov|mkv|mpe?g|vob|wmv|m4v|flv|webm|ogg|mp3|wav|m4a|aac|oga|pdf|docx?|xlsx?|zip|rar)$/i;

/**
 * Files a Markdown link may lead to beside the page (`[the spec](./spec.pdf)`): Docusaurus
 * publishes any file a relative link names that is not Markdown or HTML. Those are
 * checked and published too, but a link is read as one only by an extension such files
 * have: "./v1.2" or "./next.js" are addresses of pages more often than files. Not `.env`
 * or `.pem`: what such a file holds is rarely meant for readers, whatever a link says.
 */
export const LINKED_FILE_EXT = /\.(?:ico|jpe?g|png|gif|webp|avif|svg|woff2?|eot|ttf|otf|mp4|avi|mov|mkv|mpe?g|vob|wmv|m4v|flv|webm|ogg|mp3|wav|m4a|aac|oga|flac|pdf|docx?|xlsx?|pptx?|odt|ods|odp|rtf|epub|zip|rar|7z|tar|gz|tgz|bz2|xz|dmg|exe|msi|deb|rpm|apk|jar|whl|txt|csv|tsv|json|ya?ml|toml|xml|ini|conf|sh|ps1|bat|py|rb|sql|proto|graphql|har|crt|asc|sig|log|diff|patch|ipynb|drawio|fig|sketch|psd|ai|eps)$/i;

/** Those of them a page draws as an image. */
export const IMAGE_EXT = /\.(?:ico|jpe?g|png|gif|webp|avif)$/i;
