/** The spec's load error (section 2, Case lists; section 8), word for word. */
export const LOAD_ERROR = "Whoop's something went wrong loading the page please try reloading.";
