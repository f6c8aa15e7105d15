/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base for a portal hosted apart from the API (PRODUCT.md §2); default '/api'. */
  readonly VITE_API_BASE?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
