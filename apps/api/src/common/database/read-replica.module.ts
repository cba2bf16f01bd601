import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { ReadDb } from './read-replica';
import { ReadRoutingInterceptor } from './read-routing.interceptor';

/** The replica seam of the API (ReadDb) and the interceptor that decides, per request, who may use it. */
@Global()
@Module({ providers: [ReadDb, { provide: APP_INTERCEPTOR, useClass: ReadRoutingInterceptor }], exports: [ReadDb] })
export class ReadReplicaModule {}
