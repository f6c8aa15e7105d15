/** Business constants and limits (docs/behaviour.md §9), written once. */
export const limits = {
  toastMs: 3000,
  passwordMin: 6,
  /** An administrator's password (any password set for an Admin-role account, ADMIN_PASSWORD). */
  adminPasswordMin: 12,
  passwordMax: 255,
  emailMax: 255,
  nameMax: 255,
  /**
   * The longest text of each gift-card field: the card form and the bulk rows refuse a longer one,
   * and the bulk rows' "too long" messages say it.
   */
  giftCardTextMax: {
    serialNumber: 100,
    controlCode: 100,
    currency: 50,
    storeName: 255,
    storeAddress: 500,
    cardPicture: 2048,
  },
  expiryDurationMaxDigits: 4,
  uploadMaxBytes: 10 * 1024 * 1024,
  typeAheadClearMs: 350,
  chunkLoadTimeoutMs: 120_000,
  /** A screen whose code is still on its way after this long shows a progress bar in the shell. */
  screenProgressDelayMs: 300,
  listPageSizes: [10, 20, 50, 100] as const,
  listDefaultPageSize: 20,
  listMaxPageSize: 100,
  /**
   * Lists count matching rows up to this many (or up to the page asked for, if further): beyond
   * it the answer says "more than N" (`countCapped`), so a list's cost does not grow with the
   * table (decision 0011).
   */
  listCountCap: 1_000,
  /** The most ids one bulk delete takes (POST /<list>/bulk-delete). */
  bulkDeleteMax: 1_000,
  /** The most ids "select all matching" takes (GET /<list>/ids); the portal deletes them in chunks of bulkDeleteMax. */
  selectAllMax: 10_000,
  /** How long a delete waits, with Undo in its toast, before the server is asked. */
  undoMs: 5_000,
  /**
   * The top bar's quick search: shortest query (3: a trigram, so the trigram indexes answer it;
   * 2 characters would be a scan of every user), results per kind, typing pause before asking.
   */
  quickSearchMinChars: 3,
  quickSearchLimit: 5,
  quickSearchDebounceMs: 200,
  int32Max: 2_147_483_647,
  csvMaxBytes: 5 * 1024 * 1024,
  csvMaxRows: 10_000,
  expiryDurationMax: 9999,
  heightMaxCm: 300,
  weightMaxKg: 700,
  quizQuestionMax: 1000,
  quizOptionMax: 255,
  configNameMax: 100,
  notificationTitleMax: 100,
  notificationMessageMax: 1000,
  notificationUsersMax: 1000,
  queryTitleMax: 255,
  queryMessageMax: 5000,
  /**
   * A user who synced the most steps a day allows (MAX_STEPS_PER_DAY) on this many days in a row
   * is flagged for an administrator to look at (users.steps_flagged_at).
   */
  suspiciousCapDays: 3,
  /** An FCM registration token is about 160 characters; room to spare, never a document. */
  pushTokenMax: 4096,
  /** A send time up to this far in the past (clock skew, a slow submit) means "now". */
  sendAtGraceMs: 5 * 60 * 1000,
  /** GET /app/giftboxes: the search radius in metres, by default and at most. */
  nearbyRadiusDefaultM: 1000,
  nearbyRadiusMaxM: 10_000,
  /** The most boxes one GET /app/giftboxes answers (the nearest). */
  nearbyBoxesMax: 100,
  /** POST /users/{id}/coins: the largest adjustment either way, and the longest reason. */
  coinAdjustMax: 1_000_000,
  coinAdjustReasonMax: 200,
} as const;

/** Image types the upload flow accepts (docs/behaviour.md §2 hint 'PNG, JPG, GIF up to 10MB'). */
export const imageContentTypes = ['image/png', 'image/jpeg', 'image/gif'] as const;
export type ImageContentType = (typeof imageContentTypes)[number];
export const uploadUrlTtlSeconds = 15 * 60;

/** docs/behaviour.md §3/§7 image folders */
export const imageFolders = ['gift_card_images', 'profile_Images'] as const;
export type ImageFolder = (typeof imageFolders)[number];

/** localStorage keys (docs/behaviour.md §2 Shell, §3 Session user). */
export const storageKeys = {
  session: 'strideadmin.user.v1',
  theme: 'color-theme',
  /** sessionStorage, per signed-in administrator: each list screen's last search (docs/behaviour.md §12). */
  listState: 'strideadmin.lists.v1',
} as const;
