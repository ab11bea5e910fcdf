import path from 'node:path';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { rspack, type Configuration, type Compiler } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { SHARED_SINGLETONS, DEV_PORTS, REMOTE_DESCRIPTOR_FILE, containerName } from './index';
import type { RemoteArea } from '../contracts/registry';

interface CommonOptions {
  /** The package folder (the directory holding rspack.config.ts). */
  dir: string;
  title: string;
}

export interface RemoteOptions extends CommonOptions {
  /** The remote's self-description (routes and nav entries), from its src/area.ts. */
  area: RemoteArea;
}

export interface HostOptions extends CommonOptions {
  runtimePlugins: string[];
}

/*
 * 'loaded-first': remotes take the singletons the shell already loaded. The default 'version-first' makes every
 * first use of a shared module in a lazy shell chunk load the entry of every registered remote to compare
 * versions: it fetches remote code nobody asked for, and one remote being down then breaks the others.
 */
const SHARE_STRATEGY = 'loaded-first' as const;

function readPackage(dir: string): { name: string; version: string } {
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
}

/** Version stamped into a build: BAHI_VERSION overrides the package.json version (a team's CI sets it). */
function buildVersion(dir: string): string {
  return process.env.BAHI_VERSION || readPackage(dir).version;
}

function baseConfig(opts: CommonOptions, folder: string, publicPath: string): Configuration {
  const production = process.env.NODE_ENV === 'production' || process.argv.includes('build');
  return {
    mode: production ? 'production' : 'development',
    context: opts.dir,
    entry: { main: './src/index.ts' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      // BAHI_DIST_DIR builds a second copy elsewhere (a team's candidate build served beside the current one).
      path: process.env.BAHI_DIST_DIR ? path.resolve(process.env.BAHI_DIST_DIR) : path.join(opts.dir, 'dist'),
      publicPath,
      uniqueName: containerName(folder),
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
            },
            env: { targets: 'chrome >= 109, firefox >= 115, safari >= 15.4' },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css' },
      ],
    },
    plugins: [
      ...(production ? [new PrecompressPlugin()] : []),
      new rspack.DefinePlugin({
        __BAHI_VERSION__: JSON.stringify(buildVersion(opts.dir)),
        __BAHI_BUILT_AT__: JSON.stringify(new Date().toISOString()),
      }),
      // Scripts from the root, so a deep link (/store-branch/42) works in a remote's standalone dev server.
      new rspack.HtmlRspackPlugin({ template: path.join(__dirname, 'index.html'), templateParameters: { title: opts.title }, publicPath: '/' }),
    ],
    performance: { hints: false },
    optimization: { minimize: production },
    devServer: {
      port: DEV_PORTS[folder],
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      hot: false,
      // The API runs on 8080 in dev; same-origin /api keeps the session cookie first-party.
      proxy: [{ context: ['/api'], target: `http://localhost:${process.env.API_PORT ?? 8080}` }],
    },
    experiments: { css: true },
  };
}

/** Emits the remote's self-description beside mf-manifest.json so the registry can publish its routes. */
class RemoteDescriptorPlugin {
  constructor(private readonly descriptor: unknown) {}
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('RemoteDescriptorPlugin', (compilation) => {
      compilation.hooks.processAssets.tap('RemoteDescriptorPlugin', () => {
        compilation.emitAsset(
          REMOTE_DESCRIPTOR_FILE,
          new compiler.webpack.sources.RawSource(JSON.stringify(this.descriptor, null, 2)),
        );
      });
    });
  }
}

/**
 * Writes a .br and a .gz twin beside every text asset of a production build, so the server sends compressed
 * bytes without compressing on each request.
 */
class PrecompressPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!/\.(js|css|html|json|svg)$/.test(name)) continue;
            const source = compilation.getAsset(name)!.source.buffer();
            if (source.length < 1024) continue;
            const { RawSource } = compiler.webpack.sources;
            compilation.emitAsset(`${name}.gz`, new RawSource(zlib.gzipSync(source, { level: 9 })));
            compilation.emitAsset(
              `${name}.br`,
              new RawSource(zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })),
            );
          }
        },
      );
    });
  }
}

/** rspack config of a remote: exposes `./routes`, shares the singletons, emits mf-manifest.json. */
export function createRemoteConfig(opts: RemoteOptions): Configuration {
  const pkg = readPackage(opts.dir);
  const folder = pkg.name;
  const config = baseConfig(opts, folder, 'auto');
  // publicPath 'auto' is the point (a remote is served from wherever its team deploys it), and the manifest plugin
  // says so as a warning on every build; rspack's own logger then reports errors only. Compilation warnings still show.
  config.infrastructureLogging = { level: 'error' };
  const version = buildVersion(opts.dir);
  // The manifest plugin reads the build version from here; without it mf-manifest.json says package.json's.
  process.env.MF_BUILD_VERSION = version;
  config.plugins!.push(
    new ModuleFederationPlugin({
      name: containerName(folder),
      filename: 'remoteEntry.js',
      exposes: { './routes': './src/routes.tsx' },
      shared: SHARED_SINGLETONS,
      manifest: true,
      dts: false,
    }),
    new RemoteDescriptorPlugin({ name: containerName(folder), folder, version, ...opts.area }),
  );
  return config;
}

/** rspack config of the shell: a host with no remotes at build time; the registry supplies them at runtime. */
export function createHostConfig(opts: HostOptions): Configuration {
  const config = baseConfig(opts, 'shell', '/');
  config.plugins!.push(
    new ModuleFederationPlugin({
      name: 'shell',
      remotes: {},
      shared: SHARED_SINGLETONS,
      runtimePlugins: opts.runtimePlugins,
      shareStrategy: SHARE_STRATEGY,
      dts: false,
    }),
  );
  return config;
}
