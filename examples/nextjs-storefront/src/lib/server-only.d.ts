declare module "server-only" {}
