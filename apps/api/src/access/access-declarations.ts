import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { ACCESS_METADATA, AccessRule } from './access.decorators';

export interface DeclaredRoute {
  controller: string;
  handler: string;
  method: string;
  path: string;
  rule: AccessRule | undefined;
}

/** Every route the app registers, with its access declaration, read from the framework's metadata. */
@Injectable()
export class RouteCatalog implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  routes(): DeclaredRoute[] {
    const out: DeclaredRoute[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const controller = wrapper.metatype as (new (...args: unknown[]) => unknown) | undefined;
      if (!controller || !wrapper.instance) continue;
      const base = normalizePath(this.reflector.get<string | string[]>(PATH_METADATA, controller));
      const proto = Object.getPrototypeOf(wrapper.instance) as object;
      for (const name of this.scanner.getAllMethodNames(proto)) {
        const handler = (proto as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
        const sub = this.reflector.get<string | string[] | undefined>(PATH_METADATA, handler);
        if (sub === undefined) continue;
        const method = RequestMethod[this.reflector.get<RequestMethod>(METHOD_METADATA, handler)];
        const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_METADATA, [handler, controller]);
        out.push({ controller: controller.name, handler: name, method, path: joinPaths(base, normalizePath(sub)), rule });
      }
    }
    return out;
  }

  /** A route without an access declaration stops the app from starting. */
  onApplicationBootstrap(): void {
    const missing = this.routes().filter((r) => !r.rule);
    if (missing.length) {
      throw new Error(`Routes without an access declaration: ${missing.map((r) => `${r.method} ${r.path} (${r.controller}.${r.handler})`).join(', ')}`);
    }
  }
}

function normalizePath(p: string | string[] | undefined): string {
  const first = Array.isArray(p) ? p[0] : p;
  return (first ?? '').replace(/^\/+|\/+$/g, '');
}

function joinPaths(a: string, b: string): string {
  return '/' + [a, b].filter(Boolean).join('/') + '/';
}
