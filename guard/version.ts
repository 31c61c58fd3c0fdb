// Formats guard/ owns: the policy (rule file) format and the receipt format.
export const POLICY_FORMAT = 1;
export const RECEIPT_FORMAT = 1;
