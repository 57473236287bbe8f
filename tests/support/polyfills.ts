import '../../functions/local/polyfills';
