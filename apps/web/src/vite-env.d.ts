/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base for a portal hosted apart from the API (docs/architecture.md); default '/api'. */
  readonly VITE_API_BASE?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
