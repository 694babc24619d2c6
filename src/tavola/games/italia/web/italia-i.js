export * from "./italia.js";
