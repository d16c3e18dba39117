/** The peer: a production build, nothing but the page. */
export default {
  poweredByHeader: false,
  reactStrictMode: true,
  // Fresh's server compresses only what its static handler pre-compressed; pages go out as they are.
  compress: false,
  // The bench's generated runtime (lib/) is plain ESM.
  turbopack: { root: import.meta.dirname },
};
