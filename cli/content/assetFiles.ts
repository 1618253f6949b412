/**
 * Files code and MDX import for their URL, as Docusaurus's file loaders give them:
 * images, fonts, media and documents. (An SVG is a React component there: svgComponent.ts.)
 */
export const ASSET_EXT = /\.(?:ico|jpe?g|png|gif|webp|avif|woff2?|eot|ttf|otf|mp4|avi|mov|mkv|mpe?g|vob|wmv|m4v|flv|webm|ogg|mp3|wav|m4a|aac|oga|pdf|docx?|xlsx?|zip|rar)$/i;

/** Those of them a page draws as an image. */
export const IMAGE_EXT = /\.(?:ico|jpe?g|png|gif|webp|avif)$/i;
