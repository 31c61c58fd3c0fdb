// DAP-18 §4: the bounds every decoder enforces on attacker-controlled messages (typed config with defaults).

export interface DecodeLimits {
  /** Reports in one UploadRequest. */
  maxReportsPerUpload: number;
  /** VerifyInit/VerifyContinue/VerifyResp items in one aggregation message. */
  maxReportsPerJob: number;
  /** Extensions in one list; extension_data bytes each. */
  maxExtensions: number;
  maxExtensionData: number;
  /** public_share, input share payload and verification payload bytes. */
  maxShare: number;
  /** HPKE enc bytes and ciphertext payload bytes. */
  maxEnc: number;
  maxCiphertext: number;
  /** agg_param bytes. */
  maxAggParam: number;
  /** HpkeConfig entries in an HpkeConfigList. */
  maxHpkeConfigs: number;
  /**
   * Encoded private_extensions bytes an input share may carry beyond its VDAF payload; with the
   * task's exact share sizes this bounds each report's ciphertexts at upload.
   */
  maxPrivateExtensionBytes: number;
}

export const DEFAULT_LIMITS: DecodeLimits = {
  maxReportsPerUpload: 10_000,
  maxReportsPerJob: 10_000,
  maxExtensions: 64,
  maxExtensionData: 4096,
  maxShare: 1 << 20,
  maxEnc: 256,
  maxCiphertext: (1 << 20) + 1024,
  maxAggParam: 1 << 16,
  maxHpkeConfigs: 32,
  maxPrivateExtensionBytes: 4096,
};

export function limitsWith(overrides: Partial<DecodeLimits> = {}): DecodeLimits {
  return { ...DEFAULT_LIMITS, ...overrides };
}
