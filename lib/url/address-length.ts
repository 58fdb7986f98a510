/**
 * The longest address the extension accepts or keeps: a service's address (typed, in a setup file or
 * in the organisation's policy) and a project link template.
 */
export const MAX_ADDRESS_LENGTH = 2048;
