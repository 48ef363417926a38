/** scrypt at 2^10 in tests: the same code path as production's 2^15, without seconds of hashing per test. */
export const TEST_SCRYPT_LOG_N = 10;
