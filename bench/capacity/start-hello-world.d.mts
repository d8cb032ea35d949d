// Types of start-hello-world.mjs, for the benches written in TypeScript.
export interface HelloWorld {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

export function startHelloWorld(port: number): Promise<HelloWorld>;
