// type-graphql needs the Reflect metadata API before any decorated class loads.
import "reflect-metadata";
