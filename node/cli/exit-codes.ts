// Exit codes of every `mesh` command. The Claude Code hook is the one exception: there 2 means deny.
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
