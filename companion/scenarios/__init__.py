"""companion.scenarios"""
